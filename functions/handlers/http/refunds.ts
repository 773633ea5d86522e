/**
 * HTTP: POST /admin/refund/{id} — an admin or agent refunds a purchase. The use
 * case (domain/operator-refunds.ts) goes through the ledger's one refund path; this maps its named
 * results. A repeated refund and the loser of concurrent ones both get 400 "already refunded": the
 * purchase is refunded, whoever did it, and the person reads the same fact either way.
 */
import { refundParams, refundRequest, type RefundResponse } from '../../../shared/api/refunds.js';
import { REFUND_MSG, refundDoneMessage } from '../../../shared/messages.js';
import { formatNaira } from '../../../shared/money.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoLedger } from '../../adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../adapters/dynamo/transactions/transactions.js';
import { domainLog } from '../../adapters/log.js';
import { refundAsOperator, type OperatorRefundDeps, type OperatorRefundResult } from '../../domain/back-office/operator-refunds.js';
import { roleOf } from '../../domain/back-office/audit.js';
import { auditedRequestOf } from '../../middleware/audit.js';
import { answerWith, httpService, ok, parseInput, refuse, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';
import { ulid } from 'ulid';

const refundAnswer = answerWith<OperatorRefundResult>({
  refunded: ({ refund }) => ok({ msg: refundDoneMessage(formatNaira(refund.amountKobo), refund.trans_UserName) } satisfies RefundResponse),
  not_found: refuse(404, REFUND_MSG.transactionNotFound),
  already_refunded: refuse(400, REFUND_MSG.alreadyRefunded),
  failed: refuse(400, REFUND_MSG.failedNotRefundable),
  type_not_refundable: refuse(400, REFUND_MSG.typeNotRefundable),
  delivered_admin_only: refuse(403, REFUND_MSG.deliveredAdminOnly),
});

export const refundTransactionOperation =
  (deps: OperatorRefundDeps): UserOperation =>
  async (request) => {
    const { id } = parseInput(refundParams, request.params);
    const { reason } = parseInput(refundRequest, request.body);
    const { principal } = request;
    const operator = { userName: principal.userName, role: roleOf(principal), request: auditedRequestOf(request), reason };
    return refundAnswer(await refundAsOperator(id, operator, deps));
  };

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: OperatorRefundDeps = {
  transactions: dynamoTransactions,
  ledger: dynamoLedger,
  log: domainLog,
  now: () => new Date(),
  newId: () => ulid(),
};

export const handler = httpService('refunds', { refundTransaction: refundTransactionOperation(deps) }, edge);
