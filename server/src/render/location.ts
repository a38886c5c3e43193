import type { components } from '@warehouse-kit/spec';
import type { Location } from '../entities/location.js';

export function renderLocation(location: Location): components['schemas']['Location'] {
  return { name: location.name, url: location.subdomain, time_zone: location.timeZone };
}
