import { Button } from '@fluentui/react-components';
import { useParams } from 'react-router-dom';

export default function ActionsPage() {
  const { alertId } = useParams();
  return <Button appearance="primary">Acknowledge {alertId}</Button>;
}
