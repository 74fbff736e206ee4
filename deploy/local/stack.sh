#!/usr/bin/env bash
# The local stack without Docker, on loopback only: Apache Kafka (KRaft; one node, or a cluster
# of LOCAL_KAFKA_BROKERS) and the Apicurio schema registry from Maven Central, and the machine's
# PostgreSQL.
#
#   stack.sh up [kafka] | status | down | env | logs [kafka|kafka-N|registry] | classpath | reset
#
# `up kafka` starts the broker(s) alone. A single node can also serve a SASL_SSL listener, as a
# managed Kafka does (root README "Beyond one machine"): KAFKA_SASL_SSL_PORT, a PKCS12 keystore
# (KAFKA_SSL_KEYSTORE, KAFKA_SSL_KEYSTORE_PASSWORD) and KAFKA_SASL_USERS ("name:password,…",
# each both a PLAIN user and a SCRAM-SHA-256/512 credential, the latter written at format time).
# With KAFKA_SASL_SUPER_USERS ("name,…") the node also authorizes by ACL, as a secured cluster
# does (deploy/README.md "Kafka: a principal per service"): those SASL users may do anything,
# every other SASL user only what an ACL allows; the loopback PLAINTEXT listener stays unchecked.
#
# `up` is idempotent and waits until each service answers (a Kafka metadata request, the
# registry's subjects endpoint, `select 1`); `down` stops only the processes it started (pid
# files in deploy/local/.run). Kafka's data and the registry's tables survive `down`/`up`:
# the log is the source of truth. `reset` (stack down first) wipes the Kafka data.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
run=${TRADELOG_STACK_DIR:-$here/.run}
cache="$root/deploy/.cache"

host=127.0.0.1
kafka_port=${KAFKA_PORT:-9092}
# One broker by default; 3 (or more) make a cluster in which losing a broker loses nothing
# (root README "Beyond one machine": replication factor 3, min.insync.replicas=2).
kafka_brokers=${LOCAL_KAFKA_BROKERS:-1}
[[ $kafka_brokers =~ ^[1-9]$ ]] || { echo "stack: LOCAL_KAFKA_BROKERS must be 1 to 9, got $kafka_brokers" >&2; exit 2; }
registry_port=${REGISTRY_PORT:-8081}
registry_management_port=${REGISTRY_MANAGEMENT_PORT:-$((registry_port + 919))}
pg_host=${PGHOST_LOCAL:-127.0.0.1}
pg_port=${PGPORT_LOCAL:-5432}
pg_user=${PGUSER_LOCAL:-postgres}
app_db=${TRADELOG_DB:-tradelog}
registry_db=${TRADELOG_REGISTRY_DB:-tradelog_registry}
# Each test file makes topics of its own for every document and feed type: the metadata needs room.
kafka_heap=${KAFKA_HEAP:-1g}
registry_heap=${REGISTRY_HEAP:-384m}
# Extra JVM flags (word-split), e.g. the fault suite's fast-start ones (tests/faults/README.md).
kafka_java_opts=${KAFKA_JAVA_OPTS:-}
registry_java_opts=${REGISTRY_JAVA_OPTS:-}
ready_timeout=${STACK_READY_TIMEOUT:-180}

kafka_version=$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")
apicurio_version=$(sed -n 's:.*<apicurio.version>\(.*\)</apicurio.version>.*:\1:p' "$here/pom.xml")

say() { printf 'stack: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# The broker nodes: names (pid, log and properties files), client ports, controller ports.
# One node is `kafka` on KAFKA_PORT with its controller on KAFKA_CONTROLLER_PORT (9093). A
# cluster is kafka-1 … kafka-N on KAFKA_PORTS (comma separated; by default consecutive from
# KAFKA_PORT: 9092, 9093, 9094) with controllers on KAFKA_CONTROLLER_PORTS (by default each
# client port + 100: 9192, 9193, 9194). Every node is broker and controller.
kafka_nodes=() kafka_ports=() controller_ports=()
if [ "$kafka_brokers" = 1 ]; then
  kafka_nodes=(kafka) kafka_ports=("$kafka_port") controller_ports=("${KAFKA_CONTROLLER_PORT:-9093}")
else
  IFS=, read -r -a kafka_ports <<<"${KAFKA_PORTS:-}"
  IFS=, read -r -a controller_ports <<<"${KAFKA_CONTROLLER_PORTS:-}"
  for ((i = 1; i <= kafka_brokers; i++)); do
    kafka_nodes+=("kafka-$i")
    [ -n "${kafka_ports[i - 1]:-}" ] || kafka_ports[i - 1]=$((kafka_port + i - 1))
    [ -n "${controller_ports[i - 1]:-}" ] || controller_ports[i - 1]=$((kafka_ports[i - 1] + 100))
  done
fi
# Internal topics (consumer offsets, transaction state) replicated like the document topics
# (schemas/src/kit/log/topics.ts, topicReplication): three copies, two in sync, from three brokers
# on; a single node must ask for one, or consumer groups never find a coordinator.
kafka_replicas=$((kafka_brokers < 3 ? kafka_brokers : 3))
kafka_min_isr=$((kafka_replicas < 3 ? 1 : 2))
# A broker killed outright is noticed when its controller session lapses; until then nothing can
# be written to the partitions it leads. On loopback 3 s (Kafka's default is 9 s) is plenty.
kafka_broker_session_ms=${KAFKA_BROKER_SESSION_MS:-3000}
sasl_ssl_port=${KAFKA_SASL_SSL_PORT:-}
if [ -n "$sasl_ssl_port" ]; then
  [ "$kafka_brokers" = 1 ] || { echo "stack: KAFKA_SASL_SSL_PORT is for a single node" >&2; exit 2; }
  [ -f "${KAFKA_SSL_KEYSTORE:-}" ] || { echo "stack: KAFKA_SSL_KEYSTORE must name a PKCS12 keystore" >&2; exit 2; }
  [ -n "${KAFKA_SASL_USERS:-}" ] || { echo "stack: KAFKA_SASL_USERS must name at least one name:password" >&2; exit 2; }
fi

mkdir -p "$run"

node_cmd() {
  local bin
  bin=$(bash "$root/deploy/node/ensure-node.sh")
  "$bin/node" "$@"
}

pid_alive() { # $1: name
  local f="$run/$1.pid"
  [ -f "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null
}

show_log_tail() { # $1: name
  say "last lines of $run/$1.log:"
  tail -n 40 "$run/$1.log" >&2 2>/dev/null || true
}

# --- readiness probes ------------------------------------------------------------------
kafka_ready_on() { node_cmd "$here/kafka-probe.ts" "$host:$1" >/dev/null 2>&1; } # $1: port
kafka_ready() { # every node answers
  local port
  for port in "${kafka_ports[@]}"; do kafka_ready_on "$port" || return 1; done
}
# A cheap endpoint: listing subjects grows with every test topic the registry ever saw.
registry_ready() { curl -fsS -m 3 "http://$host:$registry_port/apis/ccompat/v7/schemas/types" >/dev/null 2>&1; }
postgres_ready() { psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -tAc 'select 1' >/dev/null 2>&1; }

wait_for() { # $1: name, $2: probe function, $3: port (also the probe's argument)
  local name=$1 probe=$2 started=$SECONDS
  until $probe "$3"; do
    if ! pid_alive "$name"; then
      say "$name exited during start-up"
      show_log_tail "$name"
      return 1
    fi
    if ((SECONDS - started > ready_timeout)); then
      say "$name did not become ready within ${ready_timeout}s"
      show_log_tail "$name"
      return 1
    fi
    sleep 1
  done
  say "$name ready on $host:$3 after $((SECONDS - started))s"
}

# --- fetching from Maven Central -------------------------------------------------------
kafka_classpath() {
  local cp="$run/kafka-$kafka_version.classpath"
  if [ ! -s "$cp" ]; then
    say "resolving Kafka $kafka_version from Maven Central (first run only)"
    mvn -q -B -f "$here/pom.xml" dependency:build-classpath -Dmdep.outputFile="$cp" >&2 ||
      die "Maven could not resolve the Kafka jars (is Maven installed and Maven Central reachable?)"
  fi
  cat "$cp"
}

apicurio_home() {
  local dir="$cache/apicurio-$apicurio_version"
  if [ ! -f "$dir/quarkus-run.jar" ]; then
    say "fetching Apicurio Registry $apicurio_version from Maven Central (first run only)"
    mkdir -p "$cache/downloads"
    mvn -q -B -f "$here/pom.xml" dependency:copy \
      -Dartifact="io.apicurio:apicurio-registry-app:$apicurio_version:tar.gz:all" \
      -DoutputDirectory="$cache/downloads" >&2 || die "Maven could not fetch the Apicurio registry"
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    tar -xzf "$cache/downloads/apicurio-registry-app-$apicurio_version-all.tar.gz" -C "$dir.tmp"
    # The tarball holds one top-level folder with quarkus-run.jar inside.
    local jar
    jar=$(find "$dir.tmp" -maxdepth 3 -name quarkus-run.jar | head -n 1)
    [ -n "$jar" ] || die "no quarkus-run.jar in the Apicurio tarball"
    rm -rf "$dir" && mv "$(dirname "$jar")" "$dir" && rm -rf "$dir.tmp"
  fi
  echo "$dir"
}

# --- services ----------------------------------------------------------------------------
start_postgres() {
  postgres_ready || die "PostgreSQL does not answer on $pg_host:$pg_port as $pg_user (start the machine's server, e.g. pg_ctlcluster 15 main start)"
  local db
  for db in "$app_db" "${app_db}_test" "$registry_db"; do
    if [ "$(psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -tAc "select 1 from pg_database where datname = '$db'")" != 1 ]; then
      psql -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -qc "create database \"$db\"" >&2
      say "created database $db"
    fi
  done
  say "postgres ready on $pg_host:$pg_port"
}

# What `kafka-storage.sh random-uuid` prints (16 random bytes, URL-safe base64 without padding,
# never starting with "-"), without starting a JVM for it.
cluster_id() {
  local id
  until id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '='); [ "${id:0:1}" != - ]; do :; done
  echo "$id"
}

kafka_voters() {
  local i voters=()
  for ((i = 0; i < ${#kafka_nodes[@]}; i++)); do voters+=("$((i + 1))@$host:${controller_ports[i]}"); done
  (IFS=,; echo "${voters[*]}")
}

start_kafka_node() { # $1: index into kafka_nodes
  local name=${kafka_nodes[$1]} port=${kafka_ports[$1]} controller=${controller_ports[$1]}
  if pid_alive "$name"; then say "$name already running (pid $(cat "$run/$name.pid"))"; return 0; fi
  local cp data="$run/$name-data" props="$run/$name.properties"
  # The single node keeps the directory it always had.
  [ "$name" = kafka ] && data="$run/kafka-data"
  cp=$(kafka_classpath)
  local listeners="PLAINTEXT://$host:$port" protocols=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
  [ -n "$sasl_ssl_port" ] && listeners+=",SASL_SSL://$host:$sasl_ssl_port" protocols+=",SASL_SSL:SASL_SSL"
  cat >"$props" <<PROPS
process.roles=broker,controller
node.id=$(($1 + 1))
controller.quorum.voters=$(kafka_voters)
listeners=$listeners,CONTROLLER://$host:$controller
advertised.listeners=$listeners
controller.listener.names=CONTROLLER
listener.security.protocol.map=$protocols
inter.broker.listener.name=PLAINTEXT
log.dirs=$data
num.partitions=3
default.replication.factor=$kafka_replicas
min.insync.replicas=$kafka_min_isr
offsets.topic.replication.factor=$kafka_replicas
transaction.state.log.replication.factor=$kafka_replicas
transaction.state.log.min.isr=$kafka_min_isr
share.coordinator.state.topic.replication.factor=$kafka_replicas
share.coordinator.state.topic.min.isr=$kafka_min_isr
offsets.topic.num.partitions=10
group.initial.rebalance.delay.ms=0
broker.session.timeout.ms=$kafka_broker_session_ms
broker.heartbeat.interval.ms=$((kafka_broker_session_ms / 6))
# The log is the source of truth: nothing expires by default.
log.retention.ms=-1
auto.create.topics.enable=false
PROPS
  local scram=()
  [ -n "$sasl_ssl_port" ] && sasl_ssl_properties >>"$props" && mapfile -t scram < <(scram_credentials)
  if [ ! -f "$data/meta.properties" ]; then
    mkdir -p "$data"
    say "formatting Kafka storage (KRaft) in $data"
    java -cp "$cp" kafka.tools.StorageTool format -t "$(kafka_cluster_id)" "${scram[@]}" \
      -c "$props" >"$run/$name-format.log" 2>&1 || { tail -n 5 "$run/$name-format.log" >&2; die "Kafka storage format failed"; }
  fi
  say "starting $name (kafka $kafka_version) on $host:$port"
  # shellcheck disable=SC2086 # extra flags are meant to split
  nohup java -Xms128m -Xmx"$kafka_heap" -XX:+UseG1GC $kafka_java_opts -XX:MaxGCPauseMillis=20 \
    -Djava.awt.headless=true -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info \
    -Dorg.slf4j.simpleLogger.showDateTime=true \
    -cp "$cp" kafka.Kafka "$props" >"$run/$name.log" 2>&1 &
  echo $! >"$run/$name.pid"
}

# The SASL_SSL listener: TLS from the keystore; PLAIN users listed in the JAAS line, SCRAM ones
# stored in the cluster metadata (scram_credentials, at format time).
sasl_ssl_properties() {
  local entry plain_users=""
  IFS=, read -r -a entries <<<"$KAFKA_SASL_USERS"
  for entry in "${entries[@]}"; do plain_users+=" user_${entry%%:*}=\"${entry#*:}\""; done
  cat <<PROPS
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512
ssl.keystore.type=PKCS12
ssl.keystore.location=$KAFKA_SSL_KEYSTORE
ssl.keystore.password=${KAFKA_SSL_KEYSTORE_PASSWORD:-}
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required$plain_users;
listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
PROPS
  [ -n "${KAFKA_SASL_SUPER_USERS:-}" ] || return 0
  # The PLAINTEXT and controller listeners authenticate nobody (User:ANONYMOUS): they are the
  # broker's own and loopback tooling's, so that principal is a super user too.
  local supers="User:ANONYMOUS" name
  IFS=, read -r -a names <<<"$KAFKA_SASL_SUPER_USERS"
  for name in "${names[@]}"; do supers+=";User:$name"; done
  cat <<PROPS
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=$supers
allow.everyone.if.no.acl.found=false
PROPS
}

scram_credentials() { # one StorageTool argument a line
  local entry mechanism
  IFS=, read -r -a entries <<<"$KAFKA_SASL_USERS"
  for entry in "${entries[@]}"; do
    for mechanism in SCRAM-SHA-256 SCRAM-SHA-512; do
      printf '%s\n' --add-scram "$mechanism=[name=${entry%%:*},password=${entry#*:}]"
    done
  done
}

# Every node of a cluster is formatted with the same cluster id, kept beside the data.
kafka_cluster_id() {
  local file="$run/kafka-cluster.id"
  [ -s "$file" ] || cluster_id >"$file"
  cat "$file"
}

# Apicurio 3.3 is built for Java 21+; Kafka runs on the default Java 17. Pick the newest JDK
# under /usr/lib/jvm (or $REGISTRY_JAVA) that is recent enough.
registry_java() {
  local candidate major
  for candidate in ${REGISTRY_JAVA:-} "${JAVA_HOME:+$JAVA_HOME/bin/java}" $(ls -d /usr/lib/jvm/*/bin/java 2>/dev/null | sort -rV) "$(command -v java || true)"; do
    [ -x "$candidate" ] || continue
    major=$("$candidate" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
    if [ "${major%%.*}" -ge 21 ] 2>/dev/null; then echo "$candidate"; return 0; fi
  done
  die "the Apicurio registry needs Java 21 or newer; none found (set REGISTRY_JAVA to a java binary)"
}

start_registry() {
  if pid_alive registry; then say "registry already running (pid $(cat "$run/registry.pid"))"; return 0; fi
  local home java_bin
  home=$(apicurio_home)
  java_bin=$(registry_java)
  say "starting apicurio registry $apicurio_version on $host:$registry_port (SQL storage in database $registry_db)"
  (
    cd "$home"
    # Quarkus also opens a management interface (health, metrics); keep it on loopback too.
    # The pool checks a connection before lending it: a Postgres restart left it lending dead
    # ones, every request answered 500 (deploy/README.md "The schema registry").
    export QUARKUS_HTTP_HOST=$host QUARKUS_HTTP_PORT=$registry_port \
      QUARKUS_DATASOURCE_POSTGRESQL_JDBC_VALIDATE_ON_BORROW=true \
      QUARKUS_MANAGEMENT_HOST=$host QUARKUS_MANAGEMENT_PORT=$registry_management_port \
      APICURIO_STORAGE_KIND=sql APICURIO_STORAGE_SQL_KIND=postgresql \
      APICURIO_DATASOURCE_URL="jdbc:postgresql://$pg_host:$pg_port/$registry_db" \
      APICURIO_DATASOURCE_USERNAME="$pg_user" APICURIO_DATASOURCE_PASSWORD=unused \
      QUARKUS_LOG_LEVEL=WARN QUARKUS_LOG_CATEGORY__IO_APICURIO__LEVEL=INFO \
      QUARKUS_OTEL_SDK_DISABLED=true QUARKUS_ANALYTICS_DISABLED=true
    # shellcheck disable=SC2086 # extra flags are meant to split
    exec nohup "$java_bin" -Xms64m -Xmx"$registry_heap" -XX:+UseSerialGC $registry_java_opts -jar quarkus-run.jar
  ) >"$run/registry.log" 2>&1 &
  echo $! >"$run/registry.pid"
}

stop_one() { # $1: name
  local f="$run/$1.pid"
  if ! pid_alive "$1"; then rm -f "$f"; say "$1 not running"; return 0; fi
  local pid
  pid=$(cat "$f")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  if kill -0 "$pid" 2>/dev/null; then say "$1 did not stop in 30s; killing"; kill -9 "$pid" 2>/dev/null || true; fi
  rm -f "$f"
  say "$1 stopped"
}

# Every broker node this directory's pid files name, whichever LOCAL_KAFKA_BROKERS started them,
# stopped together: a cluster's last node stopped alone waits for a controller quorum that is gone.
stop_kafka() {
  local f names=()
  for f in "$run"/kafka.pid "$run"/kafka-[0-9]*.pid; do [ -e "$f" ] && names+=("$(basename "$f" .pid)"); done
  for name in "${names[@]}"; do stop_one "$name" & done
  wait
}

kafka_addresses() {
  local port addresses=()
  for port in "${kafka_ports[@]}"; do addresses+=("$host:$port"); done
  (IFS=,; echo "${addresses[*]}")
}

print_env() {
  cat <<ENV
export KAFKA_BROKERS=$(kafka_addresses)
export SCHEMA_REGISTRY_URL=http://$host:$registry_port/apis/ccompat/v7
export DATABASE_URL=postgres://$pg_user@$pg_host:$pg_port/$app_db
export TEST_DATABASE_URL=postgres://$pg_user@$pg_host:$pg_port/${app_db}_test
ENV
}

status() {
  local bad=0
  local i name port
  for ((i = 0; i < ${#kafka_nodes[@]}; i++)); do
    name=${kafka_nodes[i]} port=${kafka_ports[i]}
    if pid_alive "$name" && kafka_ready_on "$port"; then printf '%-9s up    %s (pid %s)\n' "$name" "$host:$port" "$(cat "$run/$name.pid")"
    elif kafka_ready_on "$port"; then printf '%-9s up    %s (not started by this script)\n' "$name" "$host:$port"
    else printf '%-9s DOWN  %s\n' "$name" "$host:$port"; bad=1; fi
  done
  if pid_alive registry && registry_ready; then echo "registry  up    http://$host:$registry_port/apis/ccompat/v7 (pid $(cat "$run/registry.pid"))"
  elif registry_ready; then echo "registry  up    http://$host:$registry_port (not started by this script)"
  else echo "registry  DOWN  http://$host:$registry_port"; bad=1; fi
  if postgres_ready; then echo "postgres  up    $pg_host:$pg_port"
  else echo "postgres  DOWN  $pg_host:$pg_port"; bad=1; fi
  return $bad
}

case "${1:-}" in
  up)
    # `up kafka`: the broker(s) alone, no registry and no Postgres.
    if [ "${2:-}" = kafka ]; then
      for ((i = 0; i < ${#kafka_nodes[@]}; i++)); do kafka_ready_on "${kafka_ports[i]}" || start_kafka_node "$i"; done
      for ((i = 0; i < ${#kafka_nodes[@]}; i++)); do wait_for "${kafka_nodes[i]}" kafka_ready_on "${kafka_ports[i]}" || exit 1; done
      exit 0
    fi
    start_postgres
    kafka_up=() registry_up=0
    for ((i = 0; i < ${#kafka_nodes[@]}; i++)); do
      kafka_up[i]=0
      kafka_ready_on "${kafka_ports[i]}" && kafka_up[i]=1
      [ "${kafka_up[i]}" = 1 ] && ! pid_alive "${kafka_nodes[i]}" && say "kafka already answers on $host:${kafka_ports[i]}; using it"
    done
    registry_ready && registry_up=1
    [ $registry_up = 1 ] && ! pid_alive registry && say "a registry already answers on $host:$registry_port; using it"
    # A cluster's nodes start side by side: none is ready before a quorum of controllers is.
    for ((i = 0; i < ${#kafka_nodes[@]}; i++)); do [ "${kafka_up[i]}" = 1 ] || start_kafka_node "$i"; done
    [ $registry_up = 1 ] || start_registry
    for ((i = 0; i < ${#kafka_nodes[@]}; i++)); do
      [ "${kafka_up[i]}" = 1 ] || wait_for "${kafka_nodes[i]}" kafka_ready_on "${kafka_ports[i]}" || exit 1
    done
    [ $registry_up = 1 ] || wait_for registry registry_ready "$registry_port" || exit 1
    say "stack is up; addresses:"
    print_env >&2
    ;;
  down)
    stop_one registry
    stop_kafka
    ;;
  status) status ;;
  env) print_env ;;
  logs) tail -n "${3:-100}" "$run/${2:-${kafka_nodes[0]}}.log" ;;
  classpath) kafka_classpath ;;
  reset)
    for f in "$run"/kafka.pid "$run"/kafka-[0-9]*.pid; do
      [ -e "$f" ] && pid_alive "$(basename "$f" .pid)" && die "stop the stack first (stack.sh down)"
    done
    rm -rf "$run/kafka-data" "$run"/kafka-[0-9]*-data "$run/kafka-cluster.id"
    say "kafka data wiped"
    # Postgres keeps the projections and their checkpoints, which name the log they were taken
    # on: on the new log the processors stop rather than skip (processors/README.md "When the
    # log was replaced"). Say what the operator does next.
    say "the projections in database $app_db were built from the wiped log and are now stale:"
    say "  after 'stack.sh up' (with 'npm start' still running, or started again), the processors report"
    say "  them as log-replaced (/ready 503, /ops/pipeline); rebuild each from the new log (console →"
    say "  pipeline, or POST /ops/rebuild/<projection>)"
    say "  and start push on the new log (POST /ops/push/start-on-new-log); or start afresh: dropdb $app_db"
    ;;
  *)
    echo "usage: $0 up|status|down|env|logs [kafka|kafka-N|registry] [lines]|classpath|reset" >&2
    exit 2
    ;;
esac
