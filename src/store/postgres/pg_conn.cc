#include "src/store/postgres/pg_conn.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "engram/status_macros.h"

namespace engram::store::postgres {
namespace {

std::string ShortestText(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == y;
         });
}

// The word starting at `i` after whitespace and "--" comments; `i` moves past it.
std::string_view NextWord(std::string_view sql, size_t& i) {
  while (i < sql.size()) {
    if (std::isspace(static_cast<unsigned char>(sql[i]))) {
      ++i;
    } else if (sql.compare(i, 2, "--") == 0) {
      size_t nl = sql.find('\n', i);
      i = nl == std::string_view::npos ? sql.size() : nl + 1;
    } else {
      break;
    }
  }
  size_t start = i;
  while (i < sql.size() && (std::isalnum(static_cast<unsigned char>(sql[i])) || sql[i] == '_')) {
    ++i;
  }
  return sql.substr(start, i - start);
}

// Whether a statement of `sql` starts with SET (other than SET LOCAL / TRANSACTION /
// CONSTRAINTS, which end with the transaction) or RESET.
bool HasSessionSet(std::string_view sql) {
  for (size_t start = 0; start <= sql.size();) {
    size_t i = start;
    std::string_view first = NextWord(sql, i);
    if (EqualsIgnoreCase(first, "reset")) return true;
    if (EqualsIgnoreCase(first, "set")) {
      std::string_view second = NextWord(sql, i);
      if (!EqualsIgnoreCase(second, "local") && !EqualsIgnoreCase(second, "transaction") &&
          !EqualsIgnoreCase(second, "constraints")) {
        return true;
      }
    }
    size_t semi = sql.find(';', start);
    if (semi == std::string_view::npos) break;
    start = semi + 1;
  }
  return false;
}

bool MentionsAdvisoryLock(std::string_view sql) {
  std::string lower(sql);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("_advisory_") != std::string::npos;
}

// The statement's first line, cut to 60 bytes, to say where an error came from.
std::string What(std::string_view sql) {
  size_t i = 0;
  while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i]))) ++i;
  std::string_view s = sql.substr(i);
  s = s.substr(0, std::min(s.find('\n'), size_t{60}));
  return std::string(s);
}

std::string Trimmed(const char* msg) {
  std::string s = msg ? msg : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

}  // namespace

bool IsValidPgSchemaName(std::string_view s) {
  if (s.empty() || s.size() > 63 || (s[0] >= '0' && s[0] <= '9')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

PgParam::PgParam(double v) : value_(ShortestText(v)) {}

PgParam PgParam::Bytea(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s = "\\x";
  s.reserve(2 + 2 * bytes.size());
  for (unsigned char c : bytes) {
    s.push_back(kHex[c >> 4]);
    s.push_back(kHex[c & 15]);
  }
  return PgParam(std::move(s));
}

PgParam PgParam::Vector(std::span<const float> v) {
  std::string s = "[";
  char buf[32];
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s.push_back(',');
    auto r = std::to_chars(buf, buf + sizeof buf, v[i]);
    s.append(buf, r.ptr);
  }
  s.push_back(']');
  return PgParam(std::move(s));
}

PgResult& PgResult::operator=(PgResult&& other) noexcept {
  if (this != &other) {
    if (res_) PQclear(res_);
    res_ = std::exchange(other.res_, nullptr);
  }
  return *this;
}

PgResult::~PgResult() {
  if (res_) PQclear(res_);
}

int PgResult::rows() const { return res_ ? PQntuples(res_) : 0; }
int PgResult::cols() const { return res_ ? PQnfields(res_) : 0; }

int64_t PgResult::affected() const {
  const char* n = res_ ? PQcmdTuples(res_) : "";
  int64_t v = 0;
  std::from_chars(n, n + std::strlen(n), v);
  return v;
}

int PgResult::Column(std::string_view name) const {
  for (int c = 0; c < cols(); ++c) {
    if (name == PQfname(res_, c)) return c;
  }
  return -1;
}

bool PgResult::IsNull(int row, int col) const { return PQgetisnull(res_, row, col) != 0; }

std::string_view PgResult::Text(int row, int col) const {
  return std::string_view(PQgetvalue(res_, row, col),
                          static_cast<size_t>(PQgetlength(res_, row, col)));
}

std::optional<std::string> PgResult::OptText(int row, int col) const {
  if (IsNull(row, col)) return std::nullopt;
  return std::string(Text(row, col));
}

int64_t PgResult::Int64(int row, int col) const {
  std::string_view t = Text(row, col);
  int64_t v = 0;
  std::from_chars(t.data(), t.data() + t.size(), v);
  return v;
}

std::optional<int64_t> PgResult::OptInt64(int row, int col) const {
  if (IsNull(row, col)) return std::nullopt;
  return Int64(row, col);
}

double PgResult::Double(int row, int col) const {
  std::string_view t = Text(row, col);
  if (t == "NaN") return std::nan("");
  if (t == "Infinity") return HUGE_VAL;
  if (t == "-Infinity") return -HUGE_VAL;
  double v = 0;
  std::from_chars(t.data(), t.data() + t.size(), v);
  return v;
}

bool PgResult::Bool(int row, int col) const { return Text(row, col) == "t"; }

std::string PgResult::Bytea(int row, int col) const {
  size_t n = 0;
  unsigned char* raw =
      PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(res_, row, col)), &n);
  if (!raw) return "";
  std::string out(reinterpret_cast<const char*>(raw), n);
  PQfreemem(raw);
  return out;
}

bool IsRetryableSqlState(std::string_view s) { return s == "40001" || s == "40P01"; }

Status StatusFromSqlState(std::string_view s, std::string_view message) {
  std::string msg(message);
  std::string_view cls = s.substr(0, 2);
  if (s == "23505") return Status::AlreadyExists(msg);
  if (IsRetryableSqlState(s) || s == "55P03") return Status::Conflict(msg);
  if (s == "57014") return Status::DeadlineExceeded(msg);
  if (s == "53100" || s == "53200") return Status::ResourceExhausted(msg);
  if (s.empty() || cls == "08" || s == "57P01" || s == "57P02" || s == "57P03" || s == "53300") {
    return Status::Unavailable(msg);
  }
  if (cls == "23" || cls == "22" || cls == "54") return Status::InvalidArgument(msg);
  if (s == "42501" || cls == "28") return Status::PermissionDenied(msg);
  if (s == "3F000" || s == "42P01" || cls == "55") return Status::FailedPrecondition(msg);
  if (s == "XX001" || s == "XX002") return Status::Corruption(msg);
  if (cls == "58") return Status::IOError(msg);
  if (s == "0A000") return Status::NotSupported(msg);
  return Status::Internal(msg);
}

Result<std::unique_ptr<PgConn>> PgConn::Connect(const PgConnOptions& o) {
  if (!o.schema.empty() && !IsValidPgSchemaName(o.schema)) {
    return Status::InvalidArgument("postgres: schema name '" + o.schema +
                                   "' is not [a-z_][a-z0-9_]* of at most 63 bytes");
  }
  char* err = nullptr;
  PQconninfoOption* parsed = PQconninfoParse(o.dsn.c_str(), &err);
  if (!parsed) {
    if (err) PQfreemem(err);  // it may quote the string, password included
    return Status::InvalidArgument("postgres: malformed connection string");
  }
  // Every option of the dsn, then ours where the dsn says nothing (options: appended).
  std::vector<std::pair<std::string, std::string>> kv;
  for (PQconninfoOption* p = parsed; p->keyword; ++p) {
    if (p->val && *p->val) kv.emplace_back(p->keyword, p->val);
  }
  PQconninfoFree(parsed);
  auto find = [&kv](std::string_view k) -> std::string* {
    for (auto& [key, val] : kv) {
      if (key == k) return &val;
    }
    return nullptr;
  };
  std::string extra;
  if (!o.schema.empty()) extra += " -c search_path=" + o.schema + ",public";
  if (o.statement_timeout_ms > 0) {
    extra += " -c statement_timeout=" + std::to_string(o.statement_timeout_ms);
  }
  if (o.lock_timeout_ms > 0) extra += " -c lock_timeout=" + std::to_string(o.lock_timeout_ms);
  if (std::string* opts = find("options")) {
    *opts += extra;
  } else if (!extra.empty()) {
    kv.emplace_back("options", extra.substr(1));
  }
  if (!find("connect_timeout") && o.connect_timeout_s > 0) {
    kv.emplace_back("connect_timeout", std::to_string(o.connect_timeout_s));
  }
  if (!find("application_name") && !o.application_name.empty()) {
    kv.emplace_back("application_name", o.application_name);
  }
  if (std::string* enc = find("client_encoding")) {
    *enc = "UTF8";
  } else {
    kv.emplace_back("client_encoding", "UTF8");
  }
  std::vector<const char*> keys, vals;
  for (const auto& [k, v] : kv) {
    keys.push_back(k.c_str());
    vals.push_back(v.c_str());
  }
  keys.push_back(nullptr);
  vals.push_back(nullptr);
  pg_conn* c = PQconnectdbParams(keys.data(), vals.data(), 0);
  if (!c) return Status::Unavailable("postgres: connect: out of memory");
  if (PQstatus(c) != CONNECTION_OK) {
    Status s = Status::Unavailable("postgres: connect: " + Trimmed(PQerrorMessage(c)));
    PQfinish(c);
    return s;
  }
  PQsetNoticeProcessor(
      c, [](void*, const char*) {}, nullptr);  // "already exists, skipping"
  return std::unique_ptr<PgConn>(new PgConn(c));
}

PgConn::~PgConn() { PQfinish(conn_); }

bool PgConn::ok() const { return PQstatus(conn_) == CONNECTION_OK; }

bool PgConn::in_transaction() const {
  if (!pending_.empty()) return true;
  PGTransactionStatusType t = PQtransactionStatus(conn_);
  return t == PQTRANS_INTRANS || t == PQTRANS_INERROR || t == PQTRANS_ACTIVE;
}

int PgConn::server_version() const { return PQserverVersion(conn_); }

Status PgConn::Refuse(std::string_view sql) const {
  if (HasSessionSet(sql)) {
    return Status::InvalidArgument("postgres: " + What(sql) +
                                   ": session SET/RESET is not allowed; use SET LOCAL inside a "
                                   "transaction or a connection option");
  }
  if (!advisory_locks_allowed_ && MentionsAdvisoryLock(sql)) {
    return Status::InvalidArgument("postgres: " + What(sql) +
                                   ": advisory locks are for migrations only");
  }
  return Status::OK();
}

Status PgConn::ErrorOf(pg_result* res, std::string_view sql, bool script) {
  const char* code = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr;
  std::string sqlstate = (code && PQstatus(conn_) == CONNECTION_OK) ? code : "";
  const char* primary = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  std::string text = primary ? Trimmed(primary) : Trimmed(PQerrorMessage(conn_));
  if (first_error_sqlstate_.empty()) first_error_sqlstate_ = sqlstate.empty() ? "08006" : sqlstate;
  std::string where = What(sql);
  const char* pos = (script && res) ? PQresultErrorField(res, PG_DIAG_STATEMENT_POSITION) : nullptr;
  if (pos) {  // a character offset into the script, from 1; DDL scripts are ASCII
    size_t offset = std::min(static_cast<size_t>(std::max(std::atoi(pos), 1)), sql.size());
    where = "script line " +
            std::to_string(1 + std::count(sql.begin(), sql.begin() + offset - 1, '\n'));
  }
  std::string msg = "postgres: " + where + ": " + text;
  if (!sqlstate.empty()) msg += " (SQLSTATE " + sqlstate + ")";
  return StatusFromSqlState(sqlstate, msg);
}

PgConn::Bound PgConn::Bind(std::string_view sql, std::span<const PgParam> params) {
  Bound b;
  b.text = std::string(sql);
  b.values.reserve(params.size());
  for (const PgParam& p : params) b.values.push_back(p.is_null() ? nullptr : p.text().c_str());
  if (auto named = prepared_.find(b.text); named != prepared_.end()) {
    b.name = named->second;
  } else if (prepared_.size() < kMaxPrepared && !seen_once_.insert(b.text).second) {
    seen_once_.erase(b.text);
    b.prepare = true;
    b.name = "engram_" + std::to_string(++prepared_serial_);
  } else if (seen_once_.size() > 4 * kMaxPrepared) {
    seen_once_.clear();
  }
  return b;
}

Result<PgResult> PgConn::Exec(std::string_view sql, std::span<const PgParam> params) {
  if (!pending_.empty()) {  // the queued statements travel with this one
    PgResult out;
    ENGRAM_RETURN_IF_ERROR(Defer(sql, params, &out));
    ENGRAM_RETURN_IF_ERROR(Drain());
    return out;
  }
  if (Status s = Refuse(sql); !s.ok()) return s;
  Bound b = Bind(sql, params);
  const int n = static_cast<int>(b.values.size());
  if (b.prepare) {
    // Second time: prepare it. A failed Parse is the statement's own error (the unnamed
    // path would have failed at the same step), so it is returned as Exec's.
    pg_result* prep = PQprepare(conn_, b.name.c_str(), b.text.c_str(), n, nullptr);
    if (!prep || PQresultStatus(prep) != PGRES_COMMAND_OK) {
      Status s = ErrorOf(prep, sql);
      if (prep) PQclear(prep);
      return s;
    }
    PQclear(prep);
    prepared_.emplace(b.text, b.name);
  }
  pg_result* res =
      !b.name.empty()
          ? PQexecPrepared(conn_, b.name.c_str(), n, b.values.data(), nullptr, nullptr, 0)
          : PQexecParams(conn_, b.text.c_str(), n, nullptr, b.values.data(), nullptr, nullptr,
                         0);
  ExecStatusType st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
    Status s = ErrorOf(res, sql);
    if (res) PQclear(res);
    return s;
  }
  return PgResult(res);
}

Status PgConn::ExecScript(std::string_view sql) {
  if (Status s = Refuse(sql); !s.ok()) return s;
  ENGRAM_RETURN_IF_ERROR(Flush());
  std::string text(sql);
  pg_result* res = PQexec(conn_, text.c_str());
  ExecStatusType st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
  Status s =
      (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) ? Status::OK() : ErrorOf(res, sql, true);
  if (res) PQclear(res);
  return s;
}

Result<std::string> PgConn::QuoteLiteral(std::string_view value) {
  char* q = PQescapeLiteral(conn_, value.data(), value.size());
  if (!q) return Status::InvalidArgument("postgres: quote: " + Trimmed(PQerrorMessage(conn_)));
  std::string out(q);
  PQfreemem(q);
  return out;
}

}  // namespace engram::store::postgres
