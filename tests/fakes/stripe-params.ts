/**
 * The top-level parameters each endpoint takes in API version 2026-11-18.endive, as Stripe's API
 * reference lists them. The fake refuses any other ("Received unknown parameter"), as Stripe does,
 * so a typo in the product fails against the fake as it would against Stripe; a listed parameter
 * the fake does not model is accepted and ignored.
 */

const words = (text: string): readonly string[] => text.trim().split(/\s+/)

/** POST /v1/accounts */
export const ACCOUNT_PARAMS = words(`
  account_token business_profile business_type capabilities company controller country
  default_currency documents email expand external_account groups individual metadata settings
  tos_acceptance type
`)

/** POST /v1/customers */
export const CUSTOMER_PARAMS = words(`
  address balance business_name cash_balance description email expand individual_name
  invoice_prefix invoice_settings metadata name next_invoice_sequence payment_method phone
  preferred_locales shipping source tax tax_exempt tax_id_data test_clock validate
`)

/** POST /v1/payment_intents (no `payment_method_types` since 2026-09-30.endive) */
export const INTENT_PARAMS = words(`
  amount currency allowed_payment_method_types amount_details application_fee_amount
  automatic_payment_methods capture_method confirm confirmation_method confirmation_token customer
  customer_account description error_on_requires_action excluded_payment_method_types expand hooks
  mandate mandate_data metadata off_session on_behalf_of payment_details payment_method
  payment_method_configuration payment_method_data payment_method_options radar_options
  receipt_email return_url setup_future_usage shipping statement_descriptor
  statement_descriptor_suffix transfer_data transfer_group use_stripe_sdk
`)

/** POST /v1/refunds */
export const REFUND_PARAMS = words(`
  amount charge currency customer expand instructions_email metadata origin payment_intent reason
  refund_application_fee reverse_transfer
`)

/** POST /v1/checkout/sessions (no `payment_method_types` since 2026-09-30.endive) */
export const SESSION_PARAMS = words(`
  adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types
  automatic_tax billing_address_collection branding_settings cancel_url client_reference_id
  consent_collection currency custom_fields custom_text customer customer_account
  customer_creation customer_email customer_update discounts excluded_payment_method_types expand
  expires_at integration_identifier invoice_creation line_items locale managed_payments metadata
  mode name_collection optional_items origin_context payment_intent_data payment_method_collection
  payment_method_configuration payment_method_data payment_method_options permissions
  phone_number_collection redirect_on_completion return_url saved_payment_method_options
  setup_intent_data shipping_address_collection shipping_options submit_type subscription_data
  success_url tax_id_collection ui_mode wallet_options
`)

/** Checkout's `locale` values */
export const LOCALES = words(`
  auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hi-IN hr hu id it ja ko lt lv ms mt nb
  nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW
`)

export const INTENT_DATA_PARAMS = words(`
  application_fee_amount capture_method description metadata on_behalf_of receipt_email setup_future_usage
  shipping statement_descriptor statement_descriptor_suffix transfer_data transfer_group
`)
export const LINE_ITEM_PARAMS = words('adjustable_quantity metadata price price_data quantity tax_rates')
export const LINK_PARAMS = words('account collect collection_options expand refresh_url return_url type')
export const EVENT_LIST_PARAMS = words('created delivery_success ending_before expand limit starting_after type types')
