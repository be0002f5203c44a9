import { useKeepTypedText } from '@app/lib/hydration'
import { ArrowUp } from 'lucide-react'
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MESSAGE_MAX_LENGTH } from './chat-api'

/**
 * Where the customer writes: Enter sends, Shift+Enter starts a new line. The text stays editable
 * while a reply is pending — so a phone keeps its keyboard open — but nothing leaves until the
 * reply is in, and nothing blank ever does.
 */
export function Composer({
  pending,
  disabled,
  onSend,
}: {
  pending: boolean
  /** No profile yet: nothing can be sent. */
  disabled: boolean
  /** True when the message left (the field is then emptied). */
  onSend: (text: string) => boolean
}) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const field = useRef<HTMLTextAreaElement>(null)
  const keepTyped = useKeepTypedText(text, field)
  const canSend = !pending && !disabled && text.trim() !== ''

  // The field grows with its text, up to a few lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is the trigger
  useLayoutEffect(() => {
    const element = field.current
    if (!element) return
    element.style.height = 'auto'
    element.style.height = `${element.scrollHeight}px`
  }, [text])

  const submit = () => {
    if (!canSend) return
    if (onSend(text)) setText('')
    field.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    submit()
  }

  return (
    <div className="border-t border-line/80 bg-surface/95 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur sm:px-6">
      <form
        className="mx-auto flex max-w-[760px] items-end gap-2 rounded-[1.4rem] border border-line bg-paper p-1.5 pl-4 shadow-xs transition-colors focus-within:border-primary/60 focus-within:ring-3 focus-within:ring-primary/10"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <label htmlFor="chat-message" className="sr-only">
          {t('chat.composer.label')}
        </label>
        <textarea
          id="chat-message"
          ref={keepTyped}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={disabled}
          placeholder={t('chat.composer.placeholder')}
          aria-describedby="chat-message-hint"
          enterKeyHint="send"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-36 min-h-10 flex-1 resize-none bg-transparent py-2 text-base leading-6 text-ink placeholder:text-ink-soft/80 focus:outline-none focus-visible:outline-none disabled:cursor-not-allowed"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label={t('chat.composer.send')}
          className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full bg-primary text-white shadow-soft transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:bg-sand-deep disabled:text-ink-soft disabled:shadow-none"
        >
          <ArrowUp aria-hidden className="size-5" strokeWidth={2.4} />
        </button>
      </form>
      <p
        id="chat-message-hint"
        className="mx-auto mt-2 hidden max-w-[760px] px-2 text-center text-xs text-ink-soft sm:block"
      >
        {t('chat.composer.hint')}
      </p>
    </div>
  )
}
