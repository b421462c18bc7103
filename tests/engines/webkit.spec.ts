/** WebKit（WebKitGTK の MiniBrowser）で読者の道筋を確かめる。 */
import {defineEngineSuite} from './suite';

defineEngineSuite('webkit');
