/** Gecko（Firefox ESR）で読者の道筋を確かめる。 */
import {defineEngineSuite} from './suite';

defineEngineSuite('gecko');
