/** One tool depositing one workload straight to radosgw on 127.0.0.1 (the fast profile). */
export type FastRun = {
  readonly workload: string;
  readonly tool: string;
  readonly files: number;
  readonly payloadBytes: number;
  readonly exitCode: number | null;
  /** Every file of the workload is under the prefix with its size. */
  readonly complete: boolean;
  readonly wallS: number;
  /** User + system, the tool and its children (GNU time). */
  readonly cpuS: number;
  readonly peakRssMB: number;
  /** Bytes read from the disk (the kernel's read_bytes, as GNU time's file system inputs x 512). */
  readonly readBytes: number;
  /**
   * CPU seconds the server's daemons used during the run: what the tool's requests cost it.
   * Absent from results recorded before 2026-12-02.
   */
  readonly serverCpuS?: number;
  /**
   * Bytes read from the disk by `cat` of every file of the workload after the same drop: what
   * reading each file once costs on this disk (whole pages, inodes, directory blocks), the floor
   * under every tool's `readBytes`. Absent from results recorded before 2026-12-02 17:00.
   */
  readonly floorReadBytes?: number;
  /**
   * Bytes of the whole pages that hold the workload's files: what `floorReadBytes` is made of
   * before inodes and directory blocks, and a floor no tool can read under. Absent from results
   * recorded before 2026-12-03 09:00.
   */
  readonly pagesBytes?: number;
};
