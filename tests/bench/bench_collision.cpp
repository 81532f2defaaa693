// Collision benchmark (issue 3): this tree against FCL 0.7 (OBBRSS and OBB, all contacts) and
// Bullet 3.24 double (btGImpactQuantizedBvh::find_collision candidates filtered by our triangle
// test), single thread, identical meshes and poses. Prints a markdown table: build time, median
// and p95 query time, pairs, whether each pair set equals ours, and ratio to the fastest peer.
//
//   bench_collision [--quick]     (--quick: 5k and 20k cases only)
#include <BulletCollision/Gimpact/btGImpactQuantizedBvh.h>
#include <fcl/fcl.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <numbers>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bench_cases.h"
#include "collision/mesh_collision.h"
#include "collision/triangle_intersection.h"
#include "geometry/primitives.h"

using namespace contactsim;
using contactsim::bench::Case;
using contactsim::bench::makeCases;

namespace {

using Clock = std::chrono::steady_clock;
using PairSet = std::set<std::pair<int, int>>;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One engine prepared for one case: query(pose index) returns the pair set.
struct Engine {
  std::string name;
  bool peer = true;
  std::function<void(const Case&)> build;
  std::function<PairSet(std::size_t)> query;
  std::function<void()> release;
};

struct Row {
  std::string engine;
  double build_s = 0, median_s = 0, p95_s = 0;
  std::size_t pairs = 0;
  bool match = true;
  bool peer = true;
};

// --- this project -------------------------------------------------------------------------------
Engine ours(SplitRule rule, const char* name) {
  struct State {
    std::unique_ptr<AabbTree> a, b;
    std::vector<Pose> poses;
  };
  auto s = std::make_shared<State>();
  return {name, false,
          [s, rule](const Case& c) {
            s->a = std::make_unique<AabbTree>(c.a, rule);
            s->b = std::make_unique<AabbTree>(c.b, rule);
            s->poses = c.poses;
          },
          [s](std::size_t i) {
            PairSet set;
            for (const TrianglePair& p : collide(*s->a, *s->b, s->poses[i]).pairs) {
              set.insert({p.a, p.b});
            }
            return set;
          },
          [s] { s->a.reset(), s->b.reset(); }};
}

// --- FCL 0.7 ------------------------------------------------------------------------------------
template <typename BV>
Engine fclEngine(const char* name) {
  struct State {
    std::shared_ptr<fcl::BVHModel<BV>> a, b;
    std::vector<fcl::Transform3d> poses;
  };
  auto s = std::make_shared<State>();
  const auto model = [](const TriMesh& mesh) {
    std::vector<fcl::Vector3d> points(mesh.vertices().begin(), mesh.vertices().end());
    std::vector<fcl::Triangle> triangles;
    for (const TriangleIndices& t : mesh.triangles()) triangles.emplace_back(t[0], t[1], t[2]);
    auto m = std::make_shared<fcl::BVHModel<BV>>();
    m->beginModel();
    m->addSubModel(points, triangles);
    m->endModel();
    return m;
  };
  return {name, true,
          [s, model](const Case& c) {
            s->a = model(c.a);
            s->b = model(c.b);
            s->poses.clear();
            for (const Pose& p : c.poses) {
              fcl::Transform3d t = fcl::Transform3d::Identity();
              t.linear() = p.rotation;
              t.translation() = p.translation;
              s->poses.push_back(t);
            }
          },
          [s](std::size_t i) {
            fcl::CollisionObjectd oa(s->a, s->poses[i]);
            fcl::CollisionObjectd ob(s->b, fcl::Transform3d::Identity());
            fcl::CollisionRequestd request(100000000, false);
            fcl::CollisionResultd result;
            fcl::collide(&oa, &ob, request, result);
            PairSet set;
            for (std::size_t k = 0; k < result.numContacts(); ++k) {
              set.insert({result.getContact(k).b1, result.getContact(k).b2});
            }
            return set;
          },
          [s] { s->a.reset(), s->b.reset(); }};
}

// --- Bullet 3.24 double -------------------------------------------------------------------------
class MeshPrimitives : public btPrimitiveManagerBase {
 public:
  explicit MeshPrimitives(const TriMesh& mesh) : mesh_(mesh) {}
  bool is_trimesh() const override { return true; }
  int get_primitive_count() const override { return static_cast<int>(mesh_.triangleCount()); }
  void get_primitive_box(int i, btAABB& box) const override {
    btPrimitiveTriangle t;
    get_primitive_triangle(i, t);
    box = btAABB(t.m_vertices[0], t.m_vertices[1], t.m_vertices[2]);
  }
  void get_primitive_triangle(int i, btPrimitiveTriangle& t) const override {
    for (int k = 0; k < 3; ++k) {
      const Vec3& v = mesh_.corner(static_cast<std::size_t>(i), k);
      t.m_vertices[k] = btVector3(v.x(), v.y(), v.z());
    }
    t.m_margin = 0;
  }

 private:
  const TriMesh& mesh_;
};

Engine bulletEngine() {
  struct State {
    const Case* c = nullptr;
    std::unique_ptr<MeshPrimitives> prim_a, prim_b;
    std::unique_ptr<btGImpactQuantizedBvh> a, b;
    std::vector<btTransform> poses;
  };
  auto s = std::make_shared<State>();
  return {"Bullet GImpact + our tri test", true,
          [s](const Case& c) {
            s->c = &c;
            s->prim_a = std::make_unique<MeshPrimitives>(c.a);
            s->prim_b = std::make_unique<MeshPrimitives>(c.b);
            s->a = std::make_unique<btGImpactQuantizedBvh>(s->prim_a.get());
            s->b = std::make_unique<btGImpactQuantizedBvh>(s->prim_b.get());
            s->a->buildSet();
            s->b->buildSet();
            s->poses.clear();
            for (const Pose& p : c.poses) {
              const Mat3& r = p.rotation;
              s->poses.emplace_back(
                  btMatrix3x3(r(0, 0), r(0, 1), r(0, 2), r(1, 0), r(1, 1), r(1, 2), r(2, 0),
                              r(2, 1), r(2, 2)),
                  btVector3(p.translation.x(), p.translation.y(), p.translation.z()));
            }
          },
          [s](std::size_t i) {
            btPairSet candidates;
            btGImpactQuantizedBvh::find_collision(s->a.get(), s->poses[i], s->b.get(),
                                                  btTransform::getIdentity(), candidates);
            PairSet set;
            for (int k = 0; k < candidates.size(); ++k) {
              const int ta = candidates[k].m_index1, tb = candidates[k].m_index2;
              if (intersectTrianglePair(s->c->a, ta, s->c->b, tb, s->c->poses[i])) {
                set.insert({ta, tb});
              }
            }
            return set;
          },
          [s] { s->a.reset(), s->b.reset(), s->prim_a.reset(), s->prim_b.reset(); }};
}

Row measure(Engine& engine, const Case& c, const std::vector<PairSet>* reference,
            std::vector<PairSet>* out_sets) {
  Row row;
  row.engine = engine.name;
  row.peer = engine.peer;
  auto start = Clock::now();
  engine.build(c);
  row.build_s = secondsSince(start);
  std::vector<PairSet> sets(c.poses.size());
  for (std::size_t i = 0; i < c.poses.size(); ++i) sets[i] = engine.query(i);  // warm-up
  // Repeat until ~0.4 s or 200 rounds, at least 5 rounds.
  std::vector<double> times;
  const auto budget_start = Clock::now();
  for (int round = 0; round < 200 && (round < 5 || secondsSince(budget_start) < 0.4); ++round) {
    for (std::size_t i = 0; i < c.poses.size(); ++i) {
      start = Clock::now();
      const PairSet set = engine.query(i);
      times.push_back(secondsSince(start));
    }
  }
  std::sort(times.begin(), times.end());
  row.median_s = times[times.size() / 2];
  row.p95_s = times[std::min(times.size() - 1, static_cast<std::size_t>(0.95 * times.size()))];
  for (std::size_t i = 0; i < sets.size(); ++i) {
    row.pairs += sets[i].size();
    if (reference && sets[i] != (*reference)[i]) row.match = false;
  }
  if (out_sets) *out_sets = std::move(sets);
  engine.release();
  return row;
}

void triangleTestCost() {
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<Triangle> tris(2048);
  for (Triangle& t : tris) {
    const Vec3 c(0.5 * u(rng), 0.5 * u(rng), 0.5 * u(rng));
    t = {c + 0.4 * Vec3(u(rng), u(rng), u(rng)), c + 0.4 * Vec3(u(rng), u(rng), u(rng)),
         c + 0.4 * Vec3(u(rng), u(rng), u(rng))};
  }
  std::size_t hits = 0;
  const std::size_t n = 4'000'000;
  const auto start = Clock::now();
  for (std::size_t i = 0; i < n; ++i) {
    hits += intersectTriangles(tris[i % 2048], tris[(i * 7 + 1) % 2048]).contact !=
            TriangleContact::None;
  }
  const double ns = secondsSince(start) / n * 1e9;
  std::printf(
      "\ntriangle-triangle test: %.1f ns per call (random close pairs, %.0f %% intersect)\n", ns,
      100.0 * hits / n);
}

void buildCost() {
  const TriMesh mesh = makeIcosphere(1.0, 8);
  for (const auto& [rule, name] : {std::pair{SplitRule::SurfaceAreaHeuristic, "SAH"},
                                   std::pair{SplitRule::BestAxisMedian, "median"}}) {
    const auto start = Clock::now();
    const AabbTree tree(mesh, rule);
    std::printf("tree build, %zu triangles, %s: %.3f s, %zu nodes, %.1f MB, depth %d\n",
                mesh.triangleCount(), name, secondsSince(start), tree.nodes().size(),
                tree.memoryBytes() / 1e6, tree.depth());
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  std::vector<Engine> engines = {
      ours(SplitRule::SurfaceAreaHeuristic, "contactsim (SAH)"),
      ours(SplitRule::BestAxisMedian, "contactsim (median)"),
      fclEngine<fcl::OBBRSSd>("FCL OBBRSS"),
      fclEngine<fcl::OBBd>("FCL OBB"),
      bulletEngine(),
  };
  std::printf(
      "| case | engine | build ms | median ms | p95 ms | pairs | same pairs | vs fastest peer |\n");
  std::printf("|---|---|---:|---:|---:|---:|:---:|---:|\n");
  for (const Case& c : makeCases(quick)) {
    std::vector<PairSet> reference;
    std::vector<Row> rows;
    for (Engine& engine : engines) {
      rows.push_back(measure(engine, c, rows.empty() ? nullptr : &reference,
                             rows.empty() ? &reference : nullptr));
    }
    double fastest_peer = INFINITY;
    for (const Row& r : rows) {
      if (r.peer) fastest_peer = std::min(fastest_peer, r.median_s);
    }
    for (const Row& r : rows) {
      std::printf("| %s | %s | %.1f | %.3f | %.3f | %zu | %s | %.2f |\n", c.name.c_str(),
                  r.engine.c_str(), r.build_s * 1e3, r.median_s * 1e3, r.p95_s * 1e3, r.pairs,
                  r.match ? "yes" : "**no**", r.median_s / fastest_peer);
      std::fflush(stdout);
    }
  }
  triangleTestCost();
  buildCost();
  return 0;
}
