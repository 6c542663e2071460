// serve_load: a load driver for `engram serve` over HTTP on loopback.
//
//   serve_load --port P --key K --mode mixed --rate 100 --seconds 60 [--remember-share 0.5]
//       [--sync-share 0] [--drain-seconds 600]
//       open loop: requests are scheduled at a fixed rate whether or not earlier ones have
//       answered, and each latency counts from its scheduled time (no coordinated omission).
//       --sync-share: the fraction of remembers sent with ?sync=true (the rest answer 202).
//       --sessions N: the remembers name N sessions ("load0".."load<N-1>", at random) instead
//       of one ("load"); the workers process one session's requests in order, one at a time.
//   --ports P1,P2,...  (instead of --port) spreads the requests round-robin over several
//       servers (mixed mode; the other modes use the first).
//   serve_load --port P --key K --mode fill --count 10000
//       remembers synthetic messages in batches of 100 (?sync=true).
//   serve_load --port P --key K --mode recall-max --seconds 30 --threads 4
//       closed loop: each thread recalls as fast as it can; reports the QPS reached.
//       --seed S: the queries' random seed (default 2000). The server caches query vectors
//       in its database, so a second run with the same seed on the same database embeds
//       nothing it asked before; give another seed to measure cold queries again.
// Prints one JSON object: requests, ok, success_rate, achieved_rps, p50/p95/p99/max ms; mixed
// mode adds them per request kind, and how far behind the ingest workers were (`ingest`).
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

const char* kWords[] = {"张工", "接口文档", "验收", "工单", "T-102", "截止日期", "李老师", "周五",
                        "meeting", "budget", "Q3", "pipeline", "customer", "invoice", "deploy",
                        "出差", "上海", "合同", "review", "milk", "coffee", "拿铁", "报销",
                        "roadmap", "launch", "design", "客户", "需求", "bug", "release"};

// Words follow a Zipf law over the 30 words above plus 5,000 synthetic terms ("k1234"), so a
// query term's document frequency varies as in real text instead of every term matching a
// third of the corpus.
std::string Word(std::mt19937& rng) {
  thread_local std::discrete_distribution<int> zipf = [] {
    std::vector<double> w;
    for (int r = 1; r <= 5030; ++r) w.push_back(1.0 / r);
    return std::discrete_distribution<int>(w.begin(), w.end());
  }();
  const int r = zipf(rng);
  return r < static_cast<int>(std::size(kWords)) ? kWords[r] : "k" + std::to_string(r);
}

std::string Sentence(std::mt19937& rng, int words) {
  std::string s;
  for (int i = 0; i < words; ++i) {
    if (i) s += ' ';
    s += Word(rng);
  }
  return s;
}

struct Args {
  int port = 8420;
  std::vector<int> ports;  // --ports: round-robin (mixed mode)
  std::string key, mode = "mixed";
  double rate = 100, seconds = 60, remember_share = 0.5, sync_share = 0;
  double drain_seconds = 600;  // mixed: how long to wait for the workers after the load
  int threads = 4, count = 10000;
  int sessions = 1;  // --sessions: 1 = every remember in session "load"
  unsigned seed = 2000;  // --seed: recall-max queries
  bool sync = false;
};

struct Stats {
  std::mutex mu;
  std::vector<double> ms;
  int64_t ok = 0, failed = 0;
  std::map<int, int64_t> by_status;
  void Add(double latency_ms, int status) {
    std::lock_guard lock(mu);
    ms.push_back(latency_ms);
    ++by_status[status];
    (status >= 200 && status < 300) ? ++ok : ++failed;
  }
};

httplib::Headers Auth(const Args& a) {
  return {{"Authorization", "Bearer " + a.key}};
}

// One request of the mix; returns the HTTP status (0 on a transport error).
int Request(httplib::Client& c, const Args& a, std::mt19937& rng, bool remember,
            bool sync = false) {
  if (remember) {
    const std::string session =
        a.sessions <= 1 ? "load" : "load" + std::to_string(rng() % a.sessions);
    json body = {{"text", Sentence(rng, 8) + " #" + std::to_string(rng())}, {"session", session}};
    auto r = c.Post(a.sync || sync ? "/v1/memories?sync=true" : "/v1/memories", Auth(a),
                    body.dump(), "application/json");
    return r ? r->status : 0;
  }
  json body = {{"query", Sentence(rng, 2)}, {"limit", 10}};
  auto r = c.Post("/v1/search", Auth(a), body.dump(), "application/json");
  return r ? r->status : 0;
}

json Report(Stats& s, double elapsed_s) {
  std::sort(s.ms.begin(), s.ms.end());
  auto pct = [&](double p) {
    return s.ms.empty() ? 0.0 : s.ms[std::min(s.ms.size() - 1, size_t(p * s.ms.size()))];
  };
  json statuses = json::object();
  for (auto [k, v] : s.by_status) statuses[std::to_string(k)] = v;
  const int64_t n = s.ok + s.failed;
  return {{"requests", n},
          {"ok", s.ok},
          {"success_rate", n ? double(s.ok) / n : 0},
          {"statuses", statuses},
          {"seconds", elapsed_s},
          {"achieved_rps", n / elapsed_s},
          {"p50_ms", pct(0.50)},
          {"p95_ms", pct(0.95)},
          {"p99_ms", pct(0.99)},
          {"max_ms", s.ms.empty() ? 0 : s.ms.back()}};
}

httplib::Client Connect(const Args& a, int port = 0) {
  httplib::Client c("127.0.0.1", port ? port : a.port);
  c.set_keep_alive(true);
  c.set_tcp_nodelay(true);
  c.set_read_timeout(60, 0);
  return c;
}

// engram_ingest_processed_total from /metrics, or -1.
int64_t IngestProcessed(httplib::Client& c, const Args& a) {
  auto r = c.Get("/metrics", Auth(a));
  if (!r || r->status != 200) return -1;
  const std::string key = "\nengram_ingest_processed_total ";
  const size_t at = r->body.find(key);
  return at == std::string::npos ? -1 : std::stoll(r->body.substr(at + key.size()));
}

// The sum of engram_ingest_processed_total over the servers, or -1.
int64_t IngestProcessedAll(std::vector<httplib::Client>& probes, const Args& a) {
  int64_t sum = 0;
  for (httplib::Client& c : probes) {
    const int64_t n = IngestProcessed(c, a);
    if (n < 0) return -1;
    sum += n;
  }
  return sum;
}

struct Job {
  Clock::time_point at;
  int kind;  // 0 recall, 1 async remember, 2 sync remember
  size_t server;
};

json Mixed(const Args& a) {
  Stats stats, remembers, sync_remembers, recalls;
  const std::vector<int> ports = a.ports.empty() ? std::vector<int>{a.port} : a.ports;
  std::vector<httplib::Client> probes;
  for (int p : ports) probes.push_back(Connect(a, p));
  const int64_t processed_before = IngestProcessedAll(probes, a);
  std::mutex mu;
  std::condition_variable cv;
  std::deque<Job> queue;
  bool done = false;
  std::vector<std::thread> workers;
  for (int t = 0; t < a.threads; ++t) {
    workers.emplace_back([&, t] {
      std::vector<httplib::Client> clients;
      for (int p : ports) clients.push_back(Connect(a, p));
      std::mt19937 rng(1000 + t);
      for (;;) {
        Job job;
        {
          std::unique_lock lock(mu);
          cv.wait(lock, [&] { return done || !queue.empty(); });
          if (queue.empty()) return;
          job = queue.front();
          queue.pop_front();
        }
        int status = Request(clients[job.server], a, rng, job.kind > 0, job.kind == 2);
        const double ms =
            std::chrono::duration<double, std::milli>(Clock::now() - job.at).count();
        stats.Add(ms, status);
        (job.kind == 0 ? recalls : job.kind == 1 ? remembers : sync_remembers).Add(ms, status);
      }
    });
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0, 1);
  const auto start = Clock::now();
  const int64_t total = static_cast<int64_t>(a.rate * a.seconds);
  for (int64_t i = 0; i < total; ++i) {
    auto at = start + std::chrono::microseconds(static_cast<int64_t>(i * 1e6 / a.rate));
    std::this_thread::sleep_until(at);
    {
      std::lock_guard lock(mu);
      int kind = 0;
      if (u(rng) < a.remember_share) kind = u(rng) < a.sync_share ? 2 : 1;
      queue.push_back(Job{at, kind, static_cast<size_t>(i) % ports.size()});
    }
    cv.notify_one();
  }
  {
    std::lock_guard lock(mu);
    done = true;
  }
  cv.notify_all();
  for (auto& w : workers) w.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  json out = Report(stats, elapsed);
  out["remember_latency"] = Report(remembers, elapsed);
  if (a.sync_share > 0) out["sync_remember_latency"] = Report(sync_remembers, elapsed);
  out["recall_latency"] = Report(recalls, elapsed);
  // An accepted (202) remember is durable but processed later: report how far the workers
  // were behind when the load stopped, and how long they took to catch up (up to
  // --drain-seconds, default 600).
  if (!a.sync && processed_before >= 0) {
    const int64_t accepted = remembers.ok + sync_remembers.ok;
    const int64_t at_end = IngestProcessedAll(probes, a) - processed_before;
    const auto drain_start = Clock::now();
    int64_t now = at_end;
    while (now < accepted && std::chrono::duration<double>(Clock::now() - drain_start).count() <
                                 a.drain_seconds) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      now = IngestProcessedAll(probes, a) - processed_before;
    }
    const double drain_s = std::chrono::duration<double>(Clock::now() - drain_start).count();
    out["ingest"] = {{"accepted", accepted},
                     {"processed_during_load", at_end},
                     {"processed", now},
                     {"drain_seconds_after_load", drain_s},
                     {"processed_per_s", now / (elapsed + drain_s)}};
  }
  return out;
}

json RecallMax(const Args& a) {
  Stats stats;
  const auto start = Clock::now();
  const auto end = start + std::chrono::milliseconds(static_cast<int64_t>(a.seconds * 1000));
  std::vector<std::thread> workers;
  for (int t = 0; t < a.threads; ++t) {
    workers.emplace_back([&, t] {
      httplib::Client c = Connect(a);
      std::mt19937 rng(a.seed + static_cast<unsigned>(t));
      while (Clock::now() < end) {
        auto t0 = Clock::now();
        int status = Request(c, a, rng, false);
        stats.Add(std::chrono::duration<double, std::milli>(Clock::now() - t0).count(), status);
      }
    });
  }
  for (auto& w : workers) w.join();
  return Report(stats, std::chrono::duration<double>(Clock::now() - start).count());
}

json Fill(const Args& a) {
  Stats stats;
  httplib::Client c = Connect(a);
  std::mt19937 rng(11);
  const auto start = Clock::now();
  for (int done = 0; done < a.count; done += 100) {
    json msgs = json::array();
    for (int i = 0; i < std::min(100, a.count - done); ++i) {
      msgs.push_back({{"role", "user"}, {"content", Sentence(rng, 10) + " #" +
                                                        std::to_string(done + i)}});
    }
    auto t0 = Clock::now();
    auto r = c.Post("/v1/memories?sync=true", Auth(a), json{{"messages", msgs}}.dump(),
                    "application/json");
    stats.Add(std::chrono::duration<double, std::milli>(Clock::now() - t0).count(),
              r ? r->status : 0);
  }
  json out = Report(stats, std::chrono::duration<double>(Clock::now() - start).count());
  out["memories_per_s"] = a.count / out["seconds"].get<double>();
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i], v = argv[i + 1];
    if (k == "--port") a.port = std::stoi(v);
    else if (k == "--key") a.key = v;
    else if (k == "--mode") a.mode = v;
    else if (k == "--rate") a.rate = std::stod(v);
    else if (k == "--seconds") a.seconds = std::stod(v);
    else if (k == "--remember-share") a.remember_share = std::stod(v);
    else if (k == "--sync-share") a.sync_share = std::stod(v);
    else if (k == "--ports") {
      for (size_t at = 0; at <= v.size();) {
        size_t end = v.find(',', at);
        if (end == std::string::npos) end = v.size();
        a.ports.push_back(std::stoi(v.substr(at, end - at)));
        at = end + 1;
      }
      a.port = a.ports.front();
    }
    else if (k == "--threads") a.threads = std::stoi(v);
    else if (k == "--sessions") a.sessions = std::stoi(v);
    else if (k == "--seed") a.seed = static_cast<unsigned>(std::stoul(v));
    else if (k == "--count") a.count = std::stoi(v);
    else if (k == "--drain-seconds") a.drain_seconds = std::stod(v);
    else if (k == "--sync") a.sync = v == "true";
    else {
      std::cerr << "serve_load: unknown flag " << k << "\n";
      return 2;
    }
  }
  json out = a.mode == "fill"         ? Fill(a)
             : a.mode == "recall-max" ? RecallMax(a)
                                      : Mixed(a);
  out["mode"] = a.mode;
  if (a.mode == "mixed") {
    out["target_rps"] = a.rate;
    out["remember_share"] = a.remember_share;
    out["remember"] = a.sync ? "sync" : "async (202)";
    out["sync_share"] = a.sync_share;
    out["servers"] = a.ports.empty() ? 1 : a.ports.size();
  }
  std::cout << out.dump(2) << "\n";
  return 0;
}
