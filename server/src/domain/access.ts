// Who may do what where. Built once per request by the authentication middleware from the
// organization's locations and the user's roles; every permission check goes through here.
import type { ApiUser, Role } from '../entities/api-user.js';
import type { Location } from '../entities/location.js';
import type { Organization } from '../entities/organization.js';
import { AccessDenied, BadInput, NotFound } from './errors.js';
import { CustomFieldsByLocation } from './purchase-orders/custom-fields.js';

export type Need = 'read' | 'write';

/** Location names match case-insensitively with surrounding spaces ignored. */
export function normalizeLocationName(name: string): string {
  return name.trim().toLowerCase();
}

function isBlank(name: string | null | undefined): name is null | undefined | '' {
  return name === null || name === undefined || name.trim() === '';
}

export class Access {
  private readonly byName: Map<string, Location>;
  private readonly byId: Map<number, Location>;

  constructor(
    readonly organization: Organization,
    readonly user: ApiUser,
    /** Every location of the organization, accessible or not. */
    readonly locations: Location[],
    private readonly roles: Map<number, Role>,
    /** Set when the request came to a location interface address. */
    readonly interfaceLocation?: Location,
    /** The custom fields that apply at its locations, kept with the organization's cached tenant. */
    readonly customFields = new CustomFieldsByLocation(),
  ) {
    this.byName = new Map(locations.map((location) => [normalizeLocationName(location.name), location]));
    this.byId = new Map(locations.map((location) => [location.id, location]));
  }

  get isAdminSomewhere(): boolean {
    return [...this.roles.values()].includes('admin');
  }

  roleAt(location: Location): Role | undefined {
    return this.roles.get(location.id);
  }

  can(location: Location, need: Need): boolean {
    const role = this.roleAt(location);
    return need === 'read' ? role !== undefined : role === 'admin';
  }

  /** AccessDenied unless the user has `need` at `location`. */
  require(location: Location, need: Need): Location {
    const role = this.roleAt(location);
    if (!role) throw new AccessDenied(`you have no access to location ${location.name}`);
    if (need === 'write' && role !== 'admin') {
      throw new AccessDenied(`you have read-only access to location ${location.name}`);
    }
    return location;
  }

  /** The locations the user may read, in name order; on the location interface only that one. */
  get accessibleLocations(): Location[] {
    const scope = this.interfaceLocation ? [this.interfaceLocation] : this.locations;
    return scope.filter((location) => this.roles.has(location.id));
  }

  locationById(id: number): Location {
    const location = this.byId.get(id);
    if (!location) throw new Error(`location ${id} is not in organization ${this.organization.id}`);
    return location;
  }

  /** The organization's location with this name; NotFound when there is none. */
  locationNamed(name: string): Location {
    const location = this.byName.get(normalizeLocationName(name));
    if (!location) throw new NotFound(`location ${JSON.stringify(name.trim())} not found`);
    return location;
  }

  /**
   * The location a request's URL names: the location interface's address, or the
   * `location_name` query parameter (which on the location interface must name that
   * location). Undefined when the URL names none.
   */
  urlLocation(queryName: string | undefined): Location | undefined {
    const fromQuery = isBlank(queryName) ? undefined : this.locationNamed(queryName);
    if (this.interfaceLocation && fromQuery && fromQuery.id !== this.interfaceLocation.id) {
      throw new BadInput(
        `location_name ${JSON.stringify(queryName?.trim())} ` +
          `does not match this location interface (${this.interfaceLocation.name})`,
      );
    }
    return this.interfaceLocation ?? fromQuery;
  }

  /**
   * The location selected by the URL and a record body together (section 4.1): when both
   * name one they must agree (BadInput). Blank body values count as absent.
   */
  selectedLocation(queryName: string | undefined, bodyName: string | null | undefined): Location | undefined {
    const fromUrl = this.urlLocation(queryName);
    if (isBlank(bodyName)) return fromUrl;
    const fromBody = this.locationNamed(bodyName);
    if (fromUrl && fromUrl.id !== fromBody.id) {
      throw new BadInput(`location_name differs between the URL (${fromUrl.name}) and the body (${bodyName.trim()})`);
    }
    return fromBody;
  }

  /** For creates that need a location (appointments, products): BadInput when none is named. */
  requiredLocation(queryName: string | undefined, bodyName: string | null | undefined, need: Need): Location {
    const location = this.selectedLocation(queryName, bodyName);
    if (!location) throw new BadInput('location_name is required: name the location in the body or the query');
    return this.require(location, need);
  }

  /**
   * The ids of the locations a list may include: the named one (after an access check) or
   * every accessible one.
   */
  listScope(queryName: string | undefined): number[] {
    const named = this.urlLocation(queryName);
    if (named) return [this.require(named, 'read').id];
    return this.accessibleLocations.map((location) => location.id);
  }

  /**
   * Finds a record's location for view, update and delete: NotFound when the record's location
   * is inaccessible or outside the selected location, as if the record did not exist.
   */
  recordLocation(recordLocationId: number, selected: Location | undefined, what: string): Location {
    const location = this.byId.get(recordLocationId);
    if (!location || !this.roles.has(location.id) || (selected && selected.id !== location.id)) {
      throw new NotFound(`${what} not found`);
    }
    return location;
  }
}
