import { Center } from '@mantine/core';
import { Outlet } from 'react-router';

/** /auth: the login layout (the page's main landmark). */
export function AuthLayout() {
  return (
    <Center component="main" mih="100vh" bg="var(--mantine-color-gray-1)" p="md">
      <Outlet />
    </Center>
  );
}
