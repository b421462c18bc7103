/** 試すエンジンと起動方法。Chromium は本体のテスト（tests/e2e）が受け持つ。 */
import type {EngineName, EngineSession} from './driver';
import {launchGecko} from './gecko';
import {launchWebKit} from './webkit';

export function launchEngine(engine: EngineName, baseURL: string): Promise<EngineSession> {
  return engine === 'webkit' ? launchWebKit(baseURL) : launchGecko(baseURL);
}
