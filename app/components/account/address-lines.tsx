import type { ReactNode } from 'react'

/** The parts of an address a page shows (customer and order addresses alike). */
export interface AddressLike {
  salutation?: string
  firstName: string
  lastName: string
  company?: string
  department?: string
  street: string
  additionalAddressLine1?: string
  zipcode?: string
  city: string
  country?: string
  state?: string
  phoneNumber?: string
}

/** An address as a postal block, one part per line. */
export function AddressLines({ address }: { address: AddressLike }) {
  const lines: ReactNode[] = [
    [address.company, address.department].filter(Boolean).join(' – '),
    [address.salutation, address.firstName, address.lastName].filter(Boolean).join(' '),
    address.street,
    address.additionalAddressLine1,
    [address.zipcode, address.city].filter(Boolean).join(' '),
    [address.state, address.country].filter(Boolean).join(', '),
    address.phoneNumber,
  ].filter(Boolean)
  return (
    <address className="address-lines">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  )
}
