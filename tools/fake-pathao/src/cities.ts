// Pathao's cities and zones. Pathao has its own ids and writes some district names the older way ("Chittagong",
// "Comilla", "Jessore"); a merchant reads them from `city-list` and `zone-list`, and so does PhoneHaat's Pathao module.
import { DISTRICTS } from '@phonehaat/shared-api/geography';

export interface City {
  city_id: number;
  city_name: string;
}
export interface Zone {
  zone_id: number;
  zone_name: string;
}

/** The older spellings Pathao's lists use. */
const PATHAO_NAMES: Record<string, string> = {
  chattogram: 'Chittagong',
  cumilla: 'Comilla',
  jashore: 'Jessore',
  bogura: 'Bogra',
  barishal: 'Barisal',
  'chapai-nawabganj': 'Chapainawabganj',
};

const ordered = [...DISTRICTS].sort((a, b) => (a.id === 'dhaka' ? -1 : b.id === 'dhaka' ? 1 : a.id === 'chattogram' ? -1 : b.id === 'chattogram' ? 1 : a.en.localeCompare(b.en)));
/** Dhaka is city 1 and Chittagong 2, as on Pathao; the rest follow. */
export const CITIES: City[] = ordered.map((district, index) => ({ city_id: index + 1, city_name: PATHAO_NAMES[district.id] ?? district.en }));

const DHAKA_ZONES = ['Dhanmondi', 'Gulshan', 'Mirpur', 'Mohammadpur', 'Motijheel', 'Uttara'];
/** Each city's zones: Dhaka's best-known, elsewhere the district town (Sadar) and the rest of the district. */
export const zonesOf = (cityId: number): Zone[] | undefined => {
  const city = CITIES.find((candidate) => candidate.city_id === cityId);
  if (!city) return undefined;
  const names = cityId === 1 ? DHAKA_ZONES : [`${city.city_name} Sadar`, `${city.city_name} Upazilas`];
  return names.map((zone_name, index) => ({ zone_id: cityId * 100 + index + 1, zone_name }));
};
export const cityOfZone = (zoneId: number): number => Math.floor(zoneId / 100);
