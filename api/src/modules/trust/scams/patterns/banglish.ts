import type { ScamPattern } from '../kinds.ts';

// Banglish: Bangla written in Latin letters, as typed ("code ta dao", "advance pathan"). One line a rule.
export const banglish: readonly ScamPattern[] = [
  ['code', /\b(otp|pin|code|kod)\b.{0,15}\b(dao|den|din|diben|deben|diyen|dau|bolo|bolen|bolun|bolben|pathao|pathan|share koren|share koro|janan)\b/],
  ['code', /\bje (code|otp|pin) (gese|geche|ashche|asche|aise|ashse|elo|ashbe)\b/],
  ['advance', /\b(adv|agrim|agam|baina)\b/],
  ['advance', /\bage (taka|tk|payment|bkash|bikash)\b/],
  ['advance', /\b(taka|tk|payment)\b.{0,15}\b(pathan|pathao|pathiye den|pathiye din|send koren|send koro|send korun)\b/],
  ['advance', /\b(bkash|bikash|nagad|rocket)\b.{0,4}\b(koren|koro|kore den|kore dao|korun|kore diyen|kore din)\b/],
  ['mistaken-payment', /\b(vul|bhul|vule|bhule)\b.{0,40}\b(pathiyechi|pathaisi|pathaici|pathaichi|pathiye felechi|chole gese|chole geche|gese|geche|cash ?in|send)\b/],
  ['mistaken-payment', /\b(taka|tk|takata)\b.{0,20}\b(ferot|ferat|return)\b.{0,6}\b(den|dao|din|diben|pathan|pathao|koren)\b/],
  ['mistaken-payment', /\bferot (den|dao|din|diben|pathan|pathao)\b.{0,10}\b(please|plz|pls|taratari|ekhoni)\b/],
  ['qr', /\bqr\b.{0,30}\b(scan koren|scan koro|scan korun|taka paben|receive koren)\b/],
  ['off-platform', /\b(whatsapp|watsapp|wapp|telegram|imo|viber)\b.{0,8}\b(e|te|a|ey|ee)?\s?(nok|knock|msg|massage|message|kotha|call|asen|ashen|ashun|add|den|din)\b/],
];
