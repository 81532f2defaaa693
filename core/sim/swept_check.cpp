#include "sim/swept_check.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "collision/segment_query.h"
#include "contact/posed_mesh.h"

namespace contactsim {
namespace {

// A vertex within this fraction of the other mesh's size of a face's plane is touching it.
constexpr double kSweptClearance = 1e-6;
// In through one face and out through another more than this apart (outward normals): the two
// sides of a thin part. A cube's 90° corner is not one; a blade of apex below 80° is.
constexpr double kThinPartAngle = 100.0 * std::numbers::pi / 180;

// Where the traced segment meets a face: at p + at·d, with the face's outward unit normal.
struct Crossing {
  double at = 0.0;
  Vec3 normal = Vec3::Zero();
};

// Where (as a fraction of d) the segment from p to p + d meets the triangle (a, b, c), or −1.
// Only a crossing from clear on one side to clear on the other counts: both ends farther than
// `clearance` from the triangle's plane (a vertex grazing the surface is touching, not passing
// through).
double segmentMeetsTriangle(const Vec3& p, const Vec3& d, const Vec3& a, const Vec3& b,
                            const Vec3& c, const Vec3& normal, double clearance) {
  if (std::abs(normal.dot(p - a)) <= clearance || std::abs(normal.dot(p + d - a)) <= clearance)
    return -1.0;
  const LineHit hit = lineMeetsTriangle(p, d, a, b, c);
  if (std::abs(hit.det) <= 1e-300) return -1.0;  // parallel to the triangle's plane
  if (hit.u < 0.0 || hit.u > 1.0 || hit.v < 0.0 || hit.u + hit.v > 1.0) return -1.0;
  return hit.t >= 0.0 && hit.t <= 1.0 ? hit.t : -1.0;
}

// The crossings of the segment from p to q (the tree's mesh frame) with the tree's surface, in
// order along it. A chord through an edge or a vertex meets every triangle there at one point:
// that is one crossing (the first triangle found gives its normal).
std::vector<Crossing> surfaceCrossings(const AabbTree& tree, const Vec3& p, const Vec3& q) {
  const TriMesh& mesh = tree.mesh();
  const double clearance = kSweptClearance * mesh.scale();
  const Vec3 d = q - p;
  std::vector<Crossing> crossings;
  const auto meetTriangle = [&](std::size_t t) {
    const Vec3 &a = mesh.corner(t, 0), &b = mesh.corner(t, 1), &c = mesh.corner(t, 2);
    const Vec3 normal = (b - a).cross(c - a).normalized();
    const double at = segmentMeetsTriangle(p, d, a, b, c, normal, clearance);
    if (at < 0.0) return;
    for (const Crossing& seen : crossings)
      if (std::abs(at - seen.at) <= 1e-9) return;
    crossings.push_back({at, normal});
  };
  forEachTriangleAlong(tree, p, d, 1.0, 0.0, meetTriangle);
  std::sort(crossings.begin(), crossings.end(),
            [](const Crossing& x, const Crossing& y) { return x.at < y.at; });
  return crossings;
}

bool vertexWentThrough(const AabbTree& other, const Vec3& from, const Vec3& to, bool touching_now) {
  const std::vector<Crossing> crossings = surfaceCrossings(other, from, to);
  if (crossings.empty()) return false;
  const Vec3 d = to - from;
  // First crossing outwards: the vertex began inside, in an overlap the last state's contact
  // search could not resolve from touching (a resting face); it is leaving.
  if (crossings.front().normal.dot(d) > 0.0) return false;
  if (!touching_now) return true;
  // Entered; does it leave again through a face turned away from the entry's (a thin part)?
  const Vec3& entry = crossings.front().normal;
  for (std::size_t k = 1; k < crossings.size(); ++k) {
    const Vec3& n = crossings[k].normal;
    if (n.dot(d) > 0.0 && n.dot(entry) < std::cos(kThinPartAngle)) return true;
  }
  return false;
}

}  // namespace

bool sweptThrough(const AabbTree& moving, const Pose& before, const Pose& now,
                  const AabbTree& other, bool touching_now) {
  const TriMesh& mesh = moving.mesh();
  Box3 swept = PosedMesh{mesh, before}.boundsInQuery();
  swept.extend(PosedMesh{mesh, now}.boundsInQuery());
  if (!swept.intersects(other.mesh().bounds())) return false;
  const std::size_t count = mesh.vertices().size();
  const std::size_t stride = std::max<std::size_t>(1, count / kSweptVertices);
  for (std::size_t v = 0; v < count; v += stride) {
    const Vec3& x = mesh.vertices()[v];
    if (vertexWentThrough(other, before.apply(x), now.apply(x), touching_now)) return true;
  }
  return false;
}

}  // namespace contactsim
