#include "volumetric/qhull_hull.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

// libqhull_r declares its functions extern "C" itself.
#include <libqhull_r/qhull_ra.h>

namespace contactsim::volumetric {
namespace {

// Qhull reports precision problems and refusals on a FILE*; the caller learns of them from the
// exit code, so the text goes to /dev/null instead of cluttering stderr.
FILE* quietErrorFile() {
  static FILE* const file = [] {
    FILE* f = std::fopen("/dev/null", "w");
    return f != nullptr ? f : stderr;
  }();
  return file;
}

// Owns one Qhull run; frees its memory on every way out.
class QhullRun {
 public:
  QhullRun() { qh_zero(&qh_, quietErrorFile()); }
  ~QhullRun() {
    qh_freeqhull(&qh_, !qh_ALL);
    int curlong = 0;
    int totlong = 0;
    qh_memfreeshort(&qh_, &curlong, &totlong);
  }
  QhullRun(const QhullRun&) = delete;
  QhullRun& operator=(const QhullRun&) = delete;
  qhT* get() { return &qh_; }

 private:
  qhT qh_;
};

}  // namespace

void orderLoop(const std::vector<Vec3>& points, const Vec3& normal, std::vector<int>& loop) {
  if (loop.size() < 3) return;
  Vec3 mean = Vec3::Zero();
  for (int i : loop) mean += points[static_cast<std::size_t>(i)];
  mean /= static_cast<double>(loop.size());
  // An orthonormal basis (u, v) of the plane with u × v = normal, so increasing angle is
  // counter-clockwise seen from the side `normal` points to.
  const Vec3 u = normal.unitOrthogonal();
  const Vec3 v = normal.normalized().cross(u);
  std::vector<std::pair<double, int>> by_angle;
  by_angle.reserve(loop.size());
  for (int i : loop) {
    const Vec3 d = points[static_cast<std::size_t>(i)] - mean;
    by_angle.emplace_back(std::atan2(d.dot(v), d.dot(u)), i);
  }
  std::sort(by_angle.begin(), by_angle.end());
  for (std::size_t k = 0; k < loop.size(); ++k) loop[k] = by_angle[k].second;
}

std::optional<Hull> convexHull(const std::vector<Vec3>& points) {
  if (points.size() < 4) return std::nullopt;
  std::vector<coordT> coords;
  coords.reserve(3 * points.size());
  for (const Vec3& p : points) {
    if (!p.allFinite()) return std::nullopt;
    coords.insert(coords.end(), {p.x(), p.y(), p.z()});
  }
  QhullRun run;
  qhT* qh = run.get();
  // "Pp": no precision warnings for the input (they are expected for nearly coplanar faces).
  char command[] = "qhull Pp";
  const int exit_code = qh_new_qhull(qh, 3, static_cast<int>(points.size()), coords.data(), False,
                                     command, nullptr, quietErrorFile());
  if (exit_code != 0) return std::nullopt;

  Hull hull;
  std::vector<char> is_vertex(points.size(), 0);
  facetT* facet = nullptr;
  vertexT* vertex = nullptr;
  vertexT** vertexp = nullptr;
  FORALLfacets {
    HullFacet out;
    out.normal = Vec3(facet->normal[0], facet->normal[1], facet->normal[2]);
    // Qhull's plane is normal·x + offset = 0 with an outward unit normal.
    out.offset = -facet->offset;
    FOREACHvertex_(facet->vertices) {
      const int id = qh_pointid(qh, vertex->point);
      if (id < 0 || id >= static_cast<int>(points.size())) return std::nullopt;
      out.loop.push_back(id);
      is_vertex[static_cast<std::size_t>(id)] = 1;
    }
    if (out.loop.size() < 3 || !out.normal.allFinite()) continue;
    orderLoop(points, out.normal, out.loop);
    hull.facets.push_back(std::move(out));
  }
  for (std::size_t i = 0; i < points.size(); ++i)
    if (is_vertex[i]) hull.vertices.push_back(static_cast<int>(i));
  if (hull.facets.size() < 4) return std::nullopt;
  return hull;
}

}  // namespace contactsim::volumetric
