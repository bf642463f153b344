declare module 'heic-decode' {
  interface HeifImage {
    width: number;
    height: number;
    decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  }
  function decode(input: { buffer: Uint8Array }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  namespace decode {
    function all(input: { buffer: Uint8Array }): Promise<HeifImage[] & { dispose(): void }>;
  }
  export default decode;
}
