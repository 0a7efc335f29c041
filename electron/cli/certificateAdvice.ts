import type { CertificateProblem } from '../../shared/retry/Outcome';

/**
 * What to do about a certificate the endpoint presented and this computer refused, for the
 * command line. An expired or not-yet-valid certificate is judged by this computer's clock,
 * often the one that is wrong after a night off the network: it is named first.
 */
export const certificateAdvice = (
  problem: CertificateProblem,
  code: string,
  endpoint: string,
): string => {
  switch (problem) {
    case 'untrusted':
      return `${endpoint} presents a TLS certificate this computer does not trust (${code}: self-signed, or from an unknown authority): check --endpoint; if it is right, give the authority's certificate in NODE_EXTRA_CA_CERTS or ask the storage administrator`;
    case 'expired':
      return `${endpoint}'s TLS certificate has expired by this computer's clock (${code}): check this computer's date and time first; if they are right, the certificate must be renewed: ask the storage administrator`;
    case 'not-yet-valid':
      return `${endpoint}'s TLS certificate is not valid yet by this computer's clock (${code}): this computer's date and time are probably behind, set them right; if they are right, ask the storage administrator`;
    case 'name-mismatch':
      return `${endpoint}'s TLS certificate is made out to another host name (${code}): check the host name in --endpoint, and that no Wi-Fi sign-in page stands in the way`;
  }
};
