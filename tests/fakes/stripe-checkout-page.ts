import { TEST_CARDS } from './stripe-cards'
import type { Checkout } from './stripe-checkout'
import { escapeHtml, money, page, text } from './stripe-wire'
import type { Route, World } from './stripe-world'

/**
 * Stripe's hosted payment page for a Checkout Session (checkout.stripe.com/c/pay/<id> there,
 * /c/pay/<id> here): a plain form — email, name, and a card number prefilled with 4242 4242 4242
 * 4242, the other test cards offered in a list. A decline shows Stripe's message and leaves the
 * session open; success goes (303) to success_url; an expired or complete session's page says
 * so. In English whatever the session's `locale`: the product's tests only need the flow.
 */

export function checkoutPage(world: World, checkout: Checkout): Route[] {
  function show(id: string, error?: string) {
    world.sweep()
    const found = checkout.session(id)
    if (!found) {
      return { status: 404, html: page('Something went wrong', '<p>This Checkout Session does not exist.</p>') }
    }
    if (found.status === 'expired') {
      return { html: page('This Checkout Session has expired', '<p>Go back and try again.</p>') }
    }
    if (found.status === 'complete') {
      return { html: page('This Checkout Session is complete', '<p>Nothing more to pay here.</p>') }
    }
    const items = checkout
      .lines(id)
      .map((l) => `<li>${escapeHtml(l.name)} × ${l.quantity}: ${money(l.unitAmount * l.quantity, l.currency)}</li>`)
    const what =
      found.mode === 'payment'
        ? `<p>Pay <strong>${money(found.amount_total ?? 0, found.currency ?? 'eur')}</strong></p><ul>${items.join('')}</ul>`
        : '<p>Save your card for future payments.</p>'
    const cards = Object.entries(TEST_CARDS).map(
      ([number, card]) =>
        `<option value="${number}">${card.brand} ${card.outcome}${card.declineCode ? ` (${card.declineCode})` : ''}</option>`,
    )
    const owner = world.sessions.owner(id) ?? ''
    const customer = found.customer ? world.customers.find(owner, found.customer) : undefined
    const email = found.customer_email ?? customer?.email ?? 'client@example.com'
    const alert = error ? `<p role="alert" style="color: #b00020">${escapeHtml(error)}</p>` : ''
    return {
      html: page(
        found.mode === 'payment' ? 'Pay with card' : 'Save a card',
        `${what}${alert}
<form method="post" action="/c/pay/${escapeHtml(id)}">
<p><label>Email <input name="email" type="email" value="${escapeHtml(email)}"></label></p>
<p><label>Name on card <input name="name" value="Test Client"></label></p>
<p><label>Card number <input name="card" list="test-cards" inputmode="numeric" value="4242 4242 4242 4242"></label></p>
<datalist id="test-cards">${cards.join('')}</datalist>
<p><button type="submit">${found.mode === 'payment' ? 'Pay' : 'Save card'}</button></p>
</form>
${found.cancel_url ? `<p><a href="${escapeHtml(found.cancel_url)}">Back</a></p>` : ''}`,
      ),
    }
  }

  return [
    { method: 'GET', path: /^\/c\/pay\/([^/]+)$/, api: false, handle: (_call, [, id = '']) => show(id) },
    {
      method: 'POST',
      path: /^\/c\/pay\/([^/]+)$/,
      api: false,
      handle: ({ params }, [, id = '']) => {
        world.sweep()
        const found = checkout.session(id)
        if (found?.status !== 'open') return show(id)
        const person = { card: text(params, 'card') ?? '', email: text(params, 'email'), name: text(params, 'name') }
        const declined = checkout.pay(id, person)
        if (declined !== undefined) return show(id, declined)
        return found.success_url
          ? { redirect: found.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id) }
          : { html: page('Thank you', '<p>Your payment is complete.</p>') }
      },
    },
  ]
}
