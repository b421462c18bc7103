import {launchGecko} from './gecko';
import {openPage} from './page';
const s = await launchGecko('http://127.0.0.1:3104');
try {
  for (let i = 0; i < 2; i++) {
    await s.setViewport({width: 390, height: 844});
    await openPage(s, '/docs/1_host');
    await s.setViewport({width: 320, height: 844});
    await s.setViewport({width: 1280, height: 800});
    await new Promise((r) => setTimeout(r, 1500));
    console.log(i, await s.takeErrors());
  }
} finally {
  await s.close();
}
