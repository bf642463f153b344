// Every test starts with the pages the checkout's remotes declare, as a page the shell's server sent would.
import { setRemotePages } from '../app/route-remotes';
import { declaredPages } from './declared-pages';

setRemotePages(declaredPages);
