import { Center } from '@mantine/core';
import { Outlet } from 'react-router';

/** /auth: the login layout. */
export function AuthLayout() {
  return (
    <Center mih="100vh" bg="var(--mantine-color-gray-1)" p="md">
      <Outlet />
    </Center>
  );
}
