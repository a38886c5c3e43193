#!/usr/bin/env bash
# Everyday ops tasks with whctl. Point it at a deployment and run it:
#
#   npm start    # in another terminal: the reference server with the demo data
#   export WHCTL_BASE_URL=http://acme.localhost:3000 WHCTL_TOKEN=acme-admin-token
#   examples/ops.sh
#
# It is safe to run again: the second run changes nothing, and its import reports every order
# unchanged. npm test runs it twice against the reference server.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT_DIR:-.}

# 1. Bulk import: create or update purchase orders by po_number from a CSV file with one
#    row per line item. Running it again duplicates nothing and reports each order it did not
#    change as unchanged; the exit status is 9 when some rows did not go through (the report
#    on stdout says which).
whctl purchase-orders import "$here/purchase-orders.csv" --output ndjson > "$out/import-report.ndjson"

# 2. Move an order to another warehouse, found by its PO number. Its times stay the same
#    instants; offset-less times sent later are read in Vancouver's zone. The order is made here,
#    the first time only, not by the file above: the next import of a file would move it back.
if ! whctl purchase-orders get --po-number PO-5002 > /dev/null 2>&1; then
  whctl purchase-orders create --po-number PO-5002 --location "Toronto DC" \
    --expected-starts-at 2026-12-02T07:30:00 --item Apples:20 --quiet
fi
whctl purchase-orders move --po-number PO-5002 --to "Vancouver DC" --quiet

# 3. Export all purchase orders of a warehouse to CSV, every page, streamed. The API lists
#    a warehouse's orders together with the unassigned ones.
whctl purchase-orders list --location "Toronto DC" --all --output csv \
  --columns id,po_number,location_name,expected_starts_at,carrier_name,reference_numbers \
  > "$out/toronto-purchase-orders.csv"

echo "wrote $out/import-report.ndjson and $out/toronto-purchase-orders.csv" >&2
