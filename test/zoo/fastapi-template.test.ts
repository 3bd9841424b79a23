import { describeZooService } from './zoo-suite.js';

// The mock's known gap (issue 29 item 4, "What the specification allows"): OAS allows a relative
// tokenUrl, as FastAPI writes it; the mock refuses the unedited document, so nothing is compared yet.
describeZooService('fastapi-template', {
  mockRefuses: 'the contract cannot be served: #/components/securitySchemes/OAuth2PasswordBearer/flows/password/tokenUrl must match format "uri"',
});
