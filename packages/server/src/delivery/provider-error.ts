/** A message or call the provider did not accept. The message never holds the provider's credentials. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    message: string,
    readonly channel: 'sms' | 'voice',
    /** HTTP status of the provider's answer; undefined when no answer came (network, timeout). */
    readonly status?: number,
    /** The provider's own error code (Twilio's e.g. 21211 for an invalid number). */
    readonly providerCode?: string,
  ) {
    super(message);
  }
}
