// Bangladesh's 8 divisions and 64 districts (issue 45), in both languages, in a module without zod so a form can offer
// them as lists without downloading the contract's schemas. Ids are the English names in lower case with dashes;
// the courier modules map a district to their own city ids (api/src/modules/orders/courier/).

export interface Place {
  id: string;
  en: string;
  bn: string;
}
export interface District extends Place {
  division: string;
}

export const DIVISIONS: readonly Place[] = [
  { id: 'barishal', en: 'Barishal', bn: 'বরিশাল' },
  { id: 'chattogram', en: 'Chattogram', bn: 'চট্টগ্রাম' },
  { id: 'dhaka', en: 'Dhaka', bn: 'ঢাকা' },
  { id: 'khulna', en: 'Khulna', bn: 'খুলনা' },
  { id: 'mymensingh', en: 'Mymensingh', bn: 'ময়মনসিংহ' },
  { id: 'rajshahi', en: 'Rajshahi', bn: 'রাজশাহী' },
  { id: 'rangpur', en: 'Rangpur', bn: 'রংপুর' },
  { id: 'sylhet', en: 'Sylhet', bn: 'সিলেট' },
];

const of = (division: string, names: [string, string][]): District[] =>
  names.map(([en, bn]) => ({ id: en.toLowerCase().replace(/'/g, '').replace(/\s+/g, '-'), division, en, bn }));

export const DISTRICTS: readonly District[] = [
  ...of('barishal', [['Barguna', 'বরগুনা'], ['Barishal', 'বরিশাল'], ['Bhola', 'ভোলা'], ['Jhalokati', 'ঝালকাঠি'], ['Patuakhali', 'পটুয়াখালী'], ['Pirojpur', 'পিরোজপুর']]),
  ...of('chattogram', [
    ['Bandarban', 'বান্দরবান'], ['Brahmanbaria', 'ব্রাহ্মণবাড়িয়া'], ['Chandpur', 'চাঁদপুর'], ['Chattogram', 'চট্টগ্রাম'], ['Cumilla', 'কুমিল্লা'],
    ["Cox's Bazar", 'কক্সবাজার'], ['Feni', 'ফেনী'], ['Khagrachhari', 'খাগড়াছড়ি'], ['Lakshmipur', 'লক্ষ্মীপুর'], ['Noakhali', 'নোয়াখালী'], ['Rangamati', 'রাঙ্গামাটি'],
  ]),
  ...of('dhaka', [
    ['Dhaka', 'ঢাকা'], ['Faridpur', 'ফরিদপুর'], ['Gazipur', 'গাজীপুর'], ['Gopalganj', 'গোপালগঞ্জ'], ['Kishoreganj', 'কিশোরগঞ্জ'], ['Madaripur', 'মাদারীপুর'],
    ['Manikganj', 'মানিকগঞ্জ'], ['Munshiganj', 'মুন্সীগঞ্জ'], ['Narayanganj', 'নারায়ণগঞ্জ'], ['Narsingdi', 'নরসিংদী'], ['Rajbari', 'রাজবাড়ী'], ['Shariatpur', 'শরীয়তপুর'], ['Tangail', 'টাঙ্গাইল'],
  ]),
  ...of('khulna', [
    ['Bagerhat', 'বাগেরহাট'], ['Chuadanga', 'চুয়াডাঙ্গা'], ['Jashore', 'যশোর'], ['Jhenaidah', 'ঝিনাইদহ'], ['Khulna', 'খুলনা'], ['Kushtia', 'কুষ্টিয়া'],
    ['Magura', 'মাগুরা'], ['Meherpur', 'মেহেরপুর'], ['Narail', 'নড়াইল'], ['Satkhira', 'সাতক্ষীরা'],
  ]),
  ...of('mymensingh', [['Jamalpur', 'জামালপুর'], ['Mymensingh', 'ময়মনসিংহ'], ['Netrokona', 'নেত্রকোণা'], ['Sherpur', 'শেরপুর']]),
  ...of('rajshahi', [
    ['Bogura', 'বগুড়া'], ['Chapai Nawabganj', 'চাঁপাইনবাবগঞ্জ'], ['Joypurhat', 'জয়পুরহাট'], ['Naogaon', 'নওগাঁ'], ['Natore', 'নাটোর'], ['Pabna', 'পাবনা'],
    ['Rajshahi', 'রাজশাহী'], ['Sirajganj', 'সিরাজগঞ্জ'],
  ]),
  ...of('rangpur', [
    ['Dinajpur', 'দিনাজপুর'], ['Gaibandha', 'গাইবান্ধা'], ['Kurigram', 'কুড়িগ্রাম'], ['Lalmonirhat', 'লালমনিরহাট'], ['Nilphamari', 'নীলফামারী'], ['Panchagarh', 'পঞ্চগড়'],
    ['Rangpur', 'রংপুর'], ['Thakurgaon', 'ঠাকুরগাঁও'],
  ]),
  ...of('sylhet', [['Habiganj', 'হবিগঞ্জ'], ['Moulvibazar', 'মৌলভীবাজার'], ['Sunamganj', 'সুনামগঞ্জ'], ['Sylhet', 'সিলেট']]),
];

const byId = new Map(DISTRICTS.map((district) => [district.id, district]));
/** The district with this id, or undefined. */
export const districtOf = (id: string): District | undefined => byId.get(id);
/** The districts of one division, in the order above (alphabetical in English). */
export const districtsIn = (division: string): District[] => DISTRICTS.filter((district) => district.division === division);
