// What this phone's browser can read of the phone itself (issue 68, decision 052): its screen, the model where the
// browser gives it (Chromium's client hints), the touch points, WebGL's renderer and each camera's largest picture.
// Never the IMEI, the battery's health or a lock: no browser can read them, and the check says so.
import type { DeviceFacts } from '@phonehaat/shared-api';

interface HighEntropy {
  getHighEntropyValues(hints: string[]): Promise<{ model?: string; platform?: string }>;
}

/** The model and platform, where the browser gives them (Chromium's User-Agent Client Hints), else null. */
async function modelAndPlatform(): Promise<{ model: string | null; platform: string | null }> {
  const data = (navigator as Navigator & { userAgentData?: HighEntropy & { platform?: string } }).userAgentData;
  if (!data) return { model: null, platform: null };
  try {
    const { model, platform } = await data.getHighEntropyValues(['model', 'platform']);
    return { model: model || null, platform: platform || data.platform || null };
  } catch {
    return { model: null, platform: data.platform || null };
  }
}

/** The graphics renderer WebGL names (unmasked where the browser allows it), else null. */
function renderer(): string | null {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return null;
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    const name = gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER) as unknown;
    return typeof name === 'string' && name ? name.slice(0, 160) : null;
  } catch {
    return null;
  }
}

/** A camera's largest picture, as it reports its capabilities (0 × 0 where it does not say). */
export function largestPicture(track: MediaStreamTrack): { width: number; height: number } {
  const capabilities = typeof track.getCapabilities === 'function' ? track.getCapabilities() : {};
  const settings = track.getSettings();
  return {
    width: Math.round(capabilities.width?.max ?? settings.width ?? 0),
    height: Math.round(capabilities.height?.max ?? settings.height ?? 0),
  };
}

export type CameraFact = DeviceFacts['cameras'][number];

/**
 * The facts, the cameras as the camera steps found them (a camera is read only with the person's permission, in its
 * step). Screen sizes are the device's, not the window's.
 */
export async function readDeviceFacts(cameras: CameraFact[]): Promise<DeviceFacts> {
  const { model, platform } = await modelAndPlatform();
  return {
    screen: { width: Math.round(screen.width), height: Math.round(screen.height), pixelRatio: Math.round((window.devicePixelRatio || 1) * 1000) / 1000 },
    model: model?.slice(0, 80) ?? null,
    platform: platform?.slice(0, 40) ?? null,
    touchPoints: Math.min(32, navigator.maxTouchPoints || 0),
    renderer: renderer(),
    cameras: cameras.slice(0, 8),
  };
}
