import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for an OpenAI-compatible API: POST /v1/chat/completions (non-streaming), with
 * the real request and response shapes. A test scripts it: given the conversation the provider
 * sent, answer text or tool calls. It records every request, so tests see what the model was told.
 */
export interface FakeChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content?: string | null
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[]
  tool_call_id?: string
}

export interface FakeRequest {
  model: string
  messages: FakeChatMessage[]
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: unknown } }[]
  authorization: string | undefined
}

export type FakeAnswer =
  | { text: string }
  | { toolCalls: { name: string; arguments: Record<string, unknown> }[] }
  | { status: number; body: string }
  | { hang: true }

export interface FakeOpenAi {
  baseUrl: string
  requests: FakeRequest[]
  script: (request: FakeRequest) => FakeAnswer
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let calls = 0
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    script: () => ({ text: 'Hello!' }),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }))
      return
    }
    const body = JSON.parse(await readBody(request)) as Omit<FakeRequest, 'authorization'>
    const received: FakeRequest = { ...body, authorization: request.headers.authorization }
    fake.requests.push(received)
    const answer = fake.script(received)
    if ('hang' in answer) return // never answers: the caller's timeout must fire
    if ('status' in answer) {
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(answer.body)
      return
    }
    calls += 1
    const message =
      'text' in answer
        ? { role: 'assistant', content: answer.text }
        : {
            role: 'assistant',
            content: null,
            tool_calls: answer.toolCalls.map((call, i) => ({
              id: `call_${calls}_${i}`,
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            })),
          }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        id: `chatcmpl-${calls}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message, finish_reason: 'text' in answer ? 'stop' : 'tool_calls' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return fake
}
