import { currencyForCountry } from '../../../common/countries'
import type { Service } from '../../../common/schemas/catalog'
import type { SalonRow, ServiceRow } from '../../db/schema'

export function presentService(row: ServiceRow, salon: Pick<SalonRow, 'publicId' | 'country'>): Service {
  return {
    id: row.id,
    salonId: salon.publicId,
    name: row.name,
    description: row.description,
    duration: row.durationMinutes,
    price: row.priceMinor,
    currency: currencyForCountry(salon.country),
    isActive: row.isActive,
    position: row.position,
  }
}
