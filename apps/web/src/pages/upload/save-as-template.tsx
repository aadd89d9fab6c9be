// "Save as template" on the review step (ADR 080): the draft, saved first, becomes a template of
// the person (or of their business, shared with its people); its signers become the roles.
import { templateEndpoints } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

export function SaveAsTemplateButton({
  requestId,
  name,
  saveFirst,
  onError,
  disabled,
}: {
  requestId: string;
  name: string;
  saveFirst: () => Promise<unknown>;
  onError: (error: unknown) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const save = useMutation({
    mutationFn: async () => {
      await saveFirst();
      return api.call(templateEndpoints.createTemplate, {
        body: { name: name.trim() || 'Template', fromRequestId: requestId, roles: [], defaults: {} },
      });
    },
    onSuccess: (template) => {
      snackbars.show({ message: t('send.templates.saved', { name: template.name }), color: 'success' });
      void navigate('/templates');
    },
    onError,
  });
  return (
    <Button variant="secondary" isBusy={save.isPending} disabled={disabled} onClick={() => save.mutate()}>
      {t('send.templates.save')}
    </Button>
  );
}
