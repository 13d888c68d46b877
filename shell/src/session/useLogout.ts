import { useQueryClient } from '@tanstack/react-query';
import { clearToken } from '@vigil/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Log Out: the token goes, and so does every cached answer of this user; then /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearToken();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
