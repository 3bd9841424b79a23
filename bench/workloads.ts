import type { Workload } from './load.js';

/** The pet the order workload orders (it takes stock from this one). */
export const ORDER_PET = 2;

/** The five workloads of `npm run bench`, which the other load benches (heap-flags, promotion) send too. */
export const WORKLOADS: readonly Workload[] = [
  { name: 'list', description: 'GET /pets?limit=20', requests: [{ method: 'GET', path: '/pets?limit=20' }] },
  { name: 'read', description: 'GET /pets/1 (deprecated path)', requests: [{ method: 'GET', path: '/pets/1' }] },
  {
    name: 'create',
    description: 'POST /pets',
    requests: [{ method: 'POST', path: '/pets', body: { name: 'Bench', categoryId: 1 } }],
  },
  {
    name: 'order',
    description: 'POST /store/orders (takes stock)',
    requests: [{ method: 'POST', path: '/store/orders', body: { petId: ORDER_PET, quantity: 1 } }],
  },
  {
    name: 'mixed',
    description: '80% reads (list, read) / 20% creates',
    requests: [
      { method: 'GET', path: '/pets?limit=20' },
      { method: 'GET', path: '/pets/1' },
      { method: 'GET', path: '/pets?limit=20' },
      { method: 'GET', path: '/pets/1' },
      { method: 'POST', path: '/pets', body: { name: 'Bench', categoryId: 1 } },
    ],
  },
];
