// What the Firebase Auth emulator keeps instead of sending (development and tests only): the one-time codes it would
// have sent by SMS, listed at /emulator/v1/projects/<project>/verificationCodes. Read by the demo, the API's tests and
// the end-to-end tests.

/** The code the emulator would have sent last to this number (01XXXXXXXXX, as people write it). */
export async function emulatorCodeSentTo(emulatorHost: string, local: string, projectId = 'demo-phonehaat'): Promise<string> {
  const listed = (await (await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/verificationCodes`)).json()) as {
    verificationCodes: { phoneNumber: string; code: string }[];
  };
  const code = listed.verificationCodes.filter((one) => one.phoneNumber === `+88${local}`).at(-1)?.code;
  if (!code) throw new Error(`no code was sent to ${local}`);
  return code;
}
