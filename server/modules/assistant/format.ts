/** The assistant writes days, times and prices as every message to customers does. */
export * from '@common/in-words'
