// Realistic listings for the benchmarks: the models people sell in Bangladesh, in their storage variants,
// spread over the brands, with the areas and the kind of description sellers write. Deterministic (no
// Math.random), so two runs measure the same data.
import type { SeedBrand } from '../src/cli/seed-data.js';

const models: Record<SeedBrand, [name: string, price: number][]> = {
  Apple: [['iPhone 11', 75000], ['iPhone 12', 99999], ['iPhone 12 Pro', 119999], ['iPhone 13', 109999], ['iPhone 13 Pro', 134999], ['iPhone 13 Pro Max', 149999], ['iPhone 14', 119999], ['iPhone 14 Plus', 124999], ['iPhone 15', 139999], ['iPhone SE 2022', 59999]],
  Samsung: [['Galaxy S21 FE', 69999], ['Galaxy S22', 99999], ['Galaxy S23 Ultra', 164999], ['Galaxy A54 5G', 49999], ['Galaxy A34 5G', 39999], ['Galaxy A14', 19999], ['Galaxy M14 5G', 21999], ['Galaxy Note 20 Ultra', 139999], ['Galaxy Z Flip4', 109999], ['Galaxy S24', 124999]],
  Xiaomi: [['Redmi Note 12', 21999], ['Redmi Note 13', 24999], ['Redmi Note 13 Pro', 36999], ['Redmi 12', 18999], ['Redmi 13C', 14999], ['Xiaomi 12T', 59999], ['Xiaomi 13T Pro', 84999], ['Poco X5 Pro 5G', 32999], ['Poco F5', 44999]],
  OnePlus: [['OnePlus 11 5G', 89999], ['OnePlus 10 Pro', 99999], ['OnePlus 9 Pro', 84999], ['OnePlus Nord CE 3 Lite', 27999], ['OnePlus Nord 3', 49999], ['OnePlus 12R', 64999]],
  'Google Pixel': [['Google Pixel 6a', 46999], ['Google Pixel 7', 74999], ['Google Pixel 7 Pro', 104999], ['Google Pixel 7a', 54999], ['Google Pixel 8', 92999], ['Google Pixel 8 Pro', 129999]],
  Realme: [['Realme 11 Pro+ 5G', 47999], ['Realme C55', 21999], ['Realme GT Master Edition', 34999], ['Realme Narzo 60', 24999], ['Realme 12 Pro', 39999], ['Realme C53', 16999]],
  Oppo: [['Oppo Reno 10 5G', 54990], ['Oppo A78', 25990], ['Oppo A58', 21990], ['Oppo Reno 8T', 42990], ['Oppo Find X5', 89990]],
  Vivo: [['Vivo V29 5G', 54999], ['Vivo Y36', 24999], ['Vivo Y17s', 15999], ['Vivo V27', 44999], ['Vivo X90', 94999]],
  Nokia: [['Nokia G21', 17999], ['Nokia X30 5G', 44999], ['Nokia C32', 12999], ['Nokia G42 5G', 21999]],
  Motorola: [['Motorola Edge 40', 52999], ['Moto G84 5G', 30999], ['Moto G54', 21999], ['Motorola Razr 40', 79999]],
};

const storage = ['64GB', '128GB', '8/128GB', '256GB', '8/256GB', '12/256GB'];
const areas = [
  'Dhanmondi, Dhaka', 'Mirpur 10, Dhaka', 'Gulshan 2, Dhaka', 'Banani, Dhaka', 'Uttara Sector 7, Dhaka', 'Mohammadpur, Dhaka',
  'Bashundhara R/A, Dhaka', 'Wari, Dhaka', 'Tejgaon, Dhaka', 'Khilgaon, Dhaka', 'Savar, Dhaka', 'Agrabad, Chattogram',
  'Khulshi, Chattogram', 'Halishahar, Chattogram', 'Panchlaish, Chattogram', 'Zindabazar, Sylhet', 'Ambarkhana, Sylhet',
  'Shaheb Bazar, Rajshahi', 'Boalia, Rajshahi', 'Sonadanga, Khulna', 'Kandirpar, Cumilla', 'Rangpur Sadar, Rangpur',
  'Gazipur Chowrasta, Gazipur', 'Narayanganj Sadar, Narayanganj', 'Kushtia Sadar, Kushtia', 'Barishal Sadar, Barishal',
  'Mymensingh Sadar, Mymensingh', 'Jessore Sadar, Jashore', 'Bogura Sadar, Bogura', 'Cox’s Bazar Sadar, Cox’s Bazar',
];
const remarks = [
  'Battery health {b}%. Box and original cable included.',
  'Light scratches on the frame, screen is spotless. All cameras work perfectly.',
  'Used with a case and screen protector since day one. Charger included.',
  'Official unit with warranty left. Selling because I upgraded.',
  'Small dent on one corner; never opened or repaired.',
  'Back glass has a hairline crack covered by the case. Everything works.',
  'Bought abroad, works on every Bangladeshi network. Receipt available.',
  'Great for gaming, never rooted. Fast charger included.',
  'Like new, barely used. Comes with the box, a clear case and a spare protector.',
  'Face unlock and fingerprint both fine. Minor wear on the back.',
];
const conditions = ['Excellent', 'Good', 'Fair'] as const;

export interface BenchListing {
  brand: SeedBrand;
  name: string;
  condition: (typeof conditions)[number];
  resalePrice: number;
  originalPrice: number;
  usedYear: number;
  location: string;
  description: string;
}

/** A well-mixed whole number from (i, salt): each attribute varies independently of the others. */
function mix(i: number, salt: number): number {
  let x = Math.imul(i ^ Math.imul(salt, 0x9e3779b9), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}
const pick = <T>(items: readonly T[], i: number, salt: number): T => items[mix(i, salt) % items.length]!;

/** The i-th listing of the benchmark's market. */
export function benchListing(i: number): BenchListing {
  const brands = Object.keys(models) as SeedBrand[];
  const brand = brands[i % brands.length]!;
  const [model, price] = pick(models[brand], i, 1);
  const condition = pick(conditions, i, 2);
  const wear = condition === 'Excellent' ? 0.7 : condition === 'Good' ? 0.55 : 0.4;
  const resalePrice = Math.round((price * wear * (0.85 + (mix(i, 3) % 30) / 100)) / 500) * 500;
  return {
    brand,
    name: `${model} ${pick(storage, i, 4)}`,
    condition,
    resalePrice: Math.min(resalePrice, price),
    originalPrice: price,
    usedYear: 2019 + (mix(i, 5) % 6),
    location: pick(areas, i, 6),
    description: pick(remarks, i, 7).replace('{b}', String(78 + (mix(i, 8) % 20))),
  };
}
