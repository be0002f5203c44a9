import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { apiRequest } from './api'

// Apart from session.ts: every page asks who is signed in, only a signed-in one can sign out.
/** Signs out, forgets every cached answer and goes home. */
export function useLogout() {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      queryClient.clear()
      navigate('/')
    },
  })
}
