import type { StaffPost } from '@paws/contracts/staff-news';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import {
  Badge,
  ButtonLink,
  Card,
  ChoiceField,
  Field,
  formatDateTime,
  Input,
  PageHeader,
} from '../../../components/ui';
import { postsKey, postsPath } from '../api/posts';
import { categoryLabels, statusLabels, statusTones } from './labels';

const column = createColumnHelper<StaffPost>();
const columns = [
  column.accessor('title', { header: 'Title', enableSorting: true }),
  column.accessor('category', {
    header: 'Category',
    enableSorting: false,
    cell: (c) => categoryLabels[c.getValue()],
  }),
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => <Badge tone={statusTones[c.getValue()]}>{statusLabels[c.getValue()]}</Badge>,
  }),
  column.accessor('publicationDate', {
    header: 'Publication date',
    enableSorting: true,
    cell: (c) => (c.row.original.status === 'DRAFT' ? '—' : formatDateTime(c.getValue())),
  }),
  column.accessor('views', { header: 'Views', enableSorting: true }),
  column.accessor('likesCount', { header: 'Likes', enableSorting: false }),
  column.accessor('commentCount', { header: 'Comments', enableSorting: false }),
  column.accessor('updatedAt', {
    header: 'Updated at',
    enableSorting: true,
    cell: (c) => formatDateTime(c.getValue()),
  }),
];

/** The news editor's list: every post in every state. */
export default function PostsPage() {
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [q, setQ] = useState('');
  return (
    <>
      <PageHeader title="News">
        <ButtonLink variant="primary" to="/news/new">
          New post
        </ButtonLink>
      </PageHeader>
      <Card title="Posts">
        <div className="filters">
          <ChoiceField
            label="Status"
            value={status}
            choices={{ '': 'Any', ...statusLabels }}
            onChange={setStatus}
          />
          <ChoiceField
            label="Category"
            value={category}
            choices={{ '': 'Any', ...categoryLabels }}
            onChange={setCategory}
          />
          <Field label="Title contains">
            {(props) => <Input {...props} value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />}
          </Field>
        </div>
        <DataTable
          label="Posts"
          path={postsPath}
          queryKey={postsKey}
          columns={columns}
          filters={{ status, category, q }}
          defaultSort={{ id: 'createdAt', desc: true }}
          rowHref={(row) => `/news/${row.id}`}
          rowKey={(row) => String(row.id)}
          emptyText="No posts"
        />
      </Card>
    </>
  );
}
