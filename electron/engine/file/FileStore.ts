import type { PlanStore } from '../../store/PlanStore';

/**
 * The store as one file in flight sees it: its unit's record and parts, the writes of its steps
 * (hashes, the write-ahead send, acknowledgements, its upload's id, its state), and the night's
 * list of open uploads its upload joins and leaves. Nothing else of the plan store's methods.
 */
export type FileStore = Pick<
  PlanStore,
  | 'atomically'
  | 'getUnit'
  | 'parts'
  | 'setHashes'
  | 'setState'
  | 'beginSend'
  | 'endSend'
  | 'ackPart'
  | 'forgetAcks'
  | 'markCreateStarted'
  | 'openedUpload'
  | 'closedUpload'
  | 'setUploadId'
  | 'forgetUpload'
  | 'setPortalFileId'
>;
