/** How the lab shapes its link; every figure applies to each direction. */
export type LinkSettings = {
  readonly rateMbit: number;
  /** One-way delay added by the NFQUEUE program (RTT is twice this). */
  readonly delayMs: number;
  /** Random loss in packets per thousand (5 = 0.5 %), dropped by nftables in the server's namespace. */
  readonly lossPermille: number;
};

export const defaultLinkSettings: LinkSettings = { rateMbit: 10, delayMs: 40, lossPermille: 5 };
