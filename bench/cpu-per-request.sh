#!/usr/bin/env bash
# CPU per request of the mock's CLI, for two or more builds side by side in one run:
#   bash bench/cpu-per-request.sh ROUNDS SECONDS DIR…
# Each DIR is a checkout with a built dist/ (e.g. this tree and a `git worktree` of an older commit
# after `npm run build`). Every build's CLI is started, a warm-up round is thrown away, then for
# ROUNDS rounds each workload of `npm run bench` (list, read, create, order) is sent by wrk (one
# thread, 32 connections, SECONDS each) to each build in turn; the server process's user + system
# CPU (/proc/PID/stat) is divided by the requests wrk counted. CPU per request is what a loaded
# machine distorts least; req/s and p99 are printed beside it but mean little under load. First,
# each build's RSS and CPU time at its first answer.
set -euo pipefail
rounds=${1:-3}; seconds=${2:-4}; shift 2
[ $# -ge 1 ] || { echo "usage: $0 ROUNDS SECONDS DIR…" >&2; exit 2; }
here=$(mktemp -d)
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$here"' EXIT
cat > "$here/create.lua" <<'LUA'
wrk.method = "POST"; wrk.body = '{"name":"Bench","categoryId":1}'
wrk.headers["Content-Type"] = "application/json"; wrk.headers["X-API-Key"] = "dev-key"
LUA
cat > "$here/order.lua" <<'LUA'
wrk.method = "POST"; wrk.body = '{"petId":2,"quantity":1}'
wrk.headers["Content-Type"] = "application/json"; wrk.headers["X-API-Key"] = "dev-key"
LUA
pids=(); ports=()
port=4700
for dir in "$@"; do
  port=$((port + 1))
  (cd "$dir" && exec node bin/petstore-mock.js --port "$port" >/dev/null 2>&1) &
  pids+=($!); ports+=("$port")
done
ticks=$(getconf CLK_TCK)
for i in "${!ports[@]}"; do
  port=${ports[$i]}; pid=${pids[$i]}
  for _ in $(seq 200); do curl -s -o /dev/null "localhost:$port/pets?limit=1" && break; sleep 0.1; done
  # Ready as bench/targets.ts reads it (a first answer): the process's RSS and CPU from its start.
  echo "build=${*:$((i + 1)):1} ready_rss_mb=$(( $(awk '/VmRSS/ {print $2}' "/proc/$pid/status") / 1024 )) cpu_ms_to_first_answer=$(( $(awk '{print $14 + $15}' "/proc/$pid/stat") * 1000 / ticks ))"
  # Enough stock that every order succeeds (as bench/run.ts does).
  curl -s -o /dev/null -X PUT -H 'content-type: application/json' -H 'x-api-key: dev-key' -d '{"quantity":1000000}' "localhost:$port/store/inventory/2"
done
for round in $(seq 0 "$rounds"); do
  for workload in list read create order; do
    for i in "${!ports[@]}"; do
      port=${ports[$i]}; pid=${pids[$i]}
      case $workload in
        list) args=("http://127.0.0.1:$port/pets?limit=20") ;;
        read) args=("http://127.0.0.1:$port/pets/1") ;;
        create) args=(-s "$here/create.lua" "http://127.0.0.1:$port/pets") ;;
        order) args=(-s "$here/order.lua" "http://127.0.0.1:$port/store/orders") ;;
      esac
      before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
      out=$(wrk -t1 -c32 -d"${seconds}s" --latency "${args[@]}")
      after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
      requests=$(echo "$out" | awk '/requests in/ {print $1}')
      [ "$round" -eq 0 ] && continue # warm-up
      echo "round=$round workload=$workload build=${*:$((i + 1)):1} cpu_us_per_request=$(( (after - before) * 1000000 / ticks / requests )) rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}') p99=$(echo "$out" | awk '$1 == "99%" {print $2}')"
    done
  done
done
