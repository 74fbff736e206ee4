import { TradelogError } from '../../errors/tradelogError.ts';

/** The codec's faults by what they are (house style "Classify errors by type"): the record's, or the registry's state. */

/** Why a record could not be decoded: the record's own fault, never the registry's state. */
export class RecordUndecodableError extends TradelogError {
  constructor(code: string, message: string, cause?: unknown) {
    super(code, message, { retriable: false, cause });
    this.name = 'RecordUndecodableError';
  }
}

/** The registry could not be asked (down, slow, 5xx): retry later, never blame the record. */
export class RegistryUnavailableError extends TradelogError {
  constructor(message: string, cause?: unknown) {
    super('REGISTRY_UNAVAILABLE', message, { status: 503, retriable: true, cause });
    this.name = 'RegistryUnavailableError';
  }
}
