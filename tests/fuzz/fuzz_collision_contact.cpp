// libFuzzer target: two meshes built from the input bytes (triangle soups on a coarse grid, or
// closed primitives with fuzzed sizes), posed against each other, then the properties that must
// hold for any input:
//  - the AABB-tree query finds exactly the pairs a brute force over all triangle pairs finds
//    with the same test (pruning never drops a pair);
//  - the pair set does not depend on argument order (A, B) vs (B, A), segments included;
//  - first-contact mode finds a pair exactly when the full query does;
//  - every contact patch is finite, its normal a unit vector, its area, indentation and depths
//    non-negative, its triangle lists sorted, unique and in range.
// Nothing in collision or contact documents an exception, so any exception is a finding.
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <sstream>
#include <tuple>

#include "collision/aabb_tree.h"
#include "collision/mesh_collision.h"
#include "contact/contact_regions.h"
#include "fuzz_support.h"
#include "geometry/primitives.h"
#include "geometry/weld.h"

namespace {

using contactsim::Pose;
using contactsim::TriMesh;
using contactsim::Vec3;
using contactsim::fuzz::ByteReader;
using contactsim::fuzz::check;

// Brute force over all pairs costs nA·nB triangle tests; above this it is skipped.
constexpr std::size_t kMaxBruteForceTests = 10000;

// Three signed bytes read in order, times `step`. Reads are sequenced by statements on purpose:
// the order in which function arguments are evaluated is unspecified (g++ and clang differ), and
// an input must decode to the same meshes under every compiler to replay a finding.
Vec3 signedTriple(ByteReader& in, double step) {
  const double x = in.signedByte();
  const double y = in.signedByte();
  const double z = in.signedByte();
  return Vec3(x * step, y * step, z * step);
}

// A grid of 1/16 of the model unit keeps soups full of exactly touching and coplanar cases.
TriMesh soup(ByteReader& in, double unit) {
  const int triangles = 1 + in.byte() % 16;
  std::vector<Vec3> points;
  std::vector<contactsim::TriangleIndices> indices;
  for (int t = 0; t < triangles; ++t) {
    const auto base = static_cast<std::int32_t>(points.size());
    for (int k = 0; k < 3; ++k) {
      points.push_back(signedTriple(in, unit / 16));
    }
    indices.push_back({base, base + 1, base + 2});
  }
  return contactsim::weldTriangleSoup(points, indices);
}

// Primitives stay below ~100 triangles: the brute-force reference is quadratic, and executions
// per second are what finds bugs.
TriMesh mesh(ByteReader& in, double unit) {
  const double size = (1 + in.byte() % 16) * unit / 8;
  switch (in.byte() % 4) {
    case 0:
      return soup(in, unit);
    case 1: {
      const double height = (1 + in.byte() % 16) * unit / 8;
      const int subdivisions = 1 + in.byte() % 2;
      return contactsim::makeBox(Vec3(size, height, size / 2), subdivisions);
    }
    case 2:
      return contactsim::makeIcosphere(size, in.byte() % 2);
    default: {
      const double minor = size * (1 + in.byte() % 7) / 8;
      const int around = 3 + in.byte() % 6;
      const int tube = 3 + in.byte() % 5;
      return contactsim::makeTorus(size + minor, minor, around, tube);
    }
  }
}

std::string describe(const Vec3& v) {
  std::ostringstream text;
  text.precision(17);
  text << "(" << v.x() << ", " << v.y() << ", " << v.z() << ")";
  return text.str();
}

using PairKey = std::tuple<std::int32_t, std::int32_t, bool>;

std::set<PairKey> keys(const std::vector<contactsim::TrianglePair>& pairs, bool swap) {
  std::set<PairKey> result;
  for (const auto& p : pairs) {
    const bool fresh =
        result.insert(swap ? PairKey{p.b, p.a, p.coplanar} : PairKey{p.a, p.b, p.coplanar}).second;
    check(fresh, "a triangle pair reported twice");
  }
  return result;
}

void checkTreeAgainstBruteForce(const contactsim::AabbTree& a, const contactsim::AabbTree& b,
                                const Pose& a_in_b) {
  const TriMesh& ma = a.mesh();
  const TriMesh& mb = b.mesh();
  const auto found = contactsim::collide(a, b, a_in_b);
  const auto first = contactsim::collide(a, b, a_in_b, contactsim::CollisionMode::FirstContact);
  check(found.pairs.empty() == first.pairs.empty(),
        "first-contact mode disagrees with the full query about touching");
  if (ma.triangleCount() * mb.triangleCount() > kMaxBruteForceTests) return;
  std::vector<contactsim::TrianglePair> brute;
  for (std::int32_t i = 0; i < static_cast<std::int32_t>(ma.triangleCount()); ++i) {
    for (std::int32_t j = 0; j < static_cast<std::int32_t>(mb.triangleCount()); ++j) {
      if (auto p = contactsim::intersectTrianglePair(ma, i, mb, j, a_in_b)) brute.push_back(*p);
    }
  }
  const std::set<PairKey> tree_keys = keys(found.pairs, false);
  const std::set<PairKey> brute_keys = keys(brute, false);
  if (tree_keys != brute_keys) {
    std::ostringstream text;
    text << "tree query found " << tree_keys.size() << " pairs, brute force " << brute_keys.size();
    for (const auto& [ta, tb, coplanar] : brute_keys) {
      if (!tree_keys.count({ta, tb, coplanar}))
        text << "; missed (" << ta << ", " << tb << (coplanar ? ", coplanar)" : ")");
    }
    contactsim::fuzz::violated(text.str());
  }
}

// Both meshes in one frame (identity poses), so that swapping the arguments must give the same
// pairs and the same segments bit for bit (the triangle test is symmetric by construction).
void checkOrderIndependence(const contactsim::AabbTree& a, const contactsim::AabbTree& b) {
  const auto ab = contactsim::collide(a, b, Pose::identity());
  const auto ba = contactsim::collide(b, a, Pose::identity());
  check(keys(ab.pairs, false) == keys(ba.pairs, true), "pair set depends on argument order");
  std::map<std::pair<std::int32_t, std::int32_t>, const contactsim::TrianglePair*> swapped;
  for (const auto& p : ba.pairs) swapped[{p.b, p.a}] = &p;
  for (const auto& p : ab.pairs) {
    const contactsim::TrianglePair& q = *swapped.at({p.a, p.b});
    if (p.coplanar) continue;
    const bool same = (p.p0 == q.p0 && p.p1 == q.p1) || (p.p0 == q.p1 && p.p1 == q.p0);
    check(same, "segment of pair (" + std::to_string(p.a) + ", " + std::to_string(p.b) +
                    ") depends on argument order: " + describe(p.p0) + "–" + describe(p.p1) +
                    " vs " + describe(q.p0) + "–" + describe(q.p1));
  }
}

void checkFinite(const Vec3& v, const char* what) {
  if (!v.allFinite()) contactsim::fuzz::violated(std::string(what) + " not finite");
}

void checkTriangleList(const std::vector<std::int32_t>& list, std::size_t count, const char* what) {
  check(std::is_sorted(list.begin(), list.end()) &&
            std::adjacent_find(list.begin(), list.end()) == list.end(),
        std::string(what) + " not sorted and unique");
  for (std::int32_t t : list) {
    check(t >= 0 && static_cast<std::size_t>(t) < count, std::string(what) + " out of range");
  }
}

void checkPatches(const contactsim::ContactRegions& regions, const TriMesh& a, const TriMesh& b) {
  for (const contactsim::ContactPatch& p : regions.patches) {
    checkFinite(p.centroid, "patch centroid");
    checkFinite(p.pressure_centre, "patch pressure centre");
    checkFinite(p.normal, "patch normal");
    checkFinite(p.deepest_point_a, "deepest point of A");
    checkFinite(p.deepest_point_b, "deepest point of B");
    check(std::abs(p.normal.norm() - 1.0) < 1e-9,
          "patch normal not a unit vector: " + describe(p.normal));
    check(std::isfinite(p.area) && p.area >= 0.0,
          "patch area not finite and >= 0: " + std::to_string(p.area));
    check(std::isfinite(p.indentation) && p.indentation >= 0.0,
          "patch indentation not finite and >= 0: " + std::to_string(p.indentation));
    check(std::isfinite(p.overlap_volume) && p.overlap_volume >= 0.0,
          "overlap volume not finite and >= 0: " + std::to_string(p.overlap_volume));
    check(std::isfinite(p.depth_a) && p.depth_a >= 0.0, "depth of A not finite and >= 0");
    check(std::isfinite(p.depth_b) && p.depth_b >= 0.0, "depth of B not finite and >= 0");
    for (const auto& loop : p.loops) {
      for (const Vec3& point : loop) checkFinite(point, "contour point");
    }
    checkTriangleList(p.triangles_a, a.triangleCount(), "triangles_a");
    checkTriangleList(p.triangles_b, b.triangleCount(), "triangles_b");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  // Model scale 1 mm to 1 km: tolerances are relative, so every scale must behave alike.
  const double unit = std::pow(10.0, in.byte() % 7 - 3);
  const TriMesh a = mesh(in, unit);
  const TriMesh b = mesh(in, unit);
  if (a.empty() || b.empty()) return 0;  // welding dropped every (degenerate) triangle
  const Vec3 translation = signedTriple(in, unit / 32);
  const Vec3 rotation = signedTriple(in, std::numbers::pi / 64);
  const Pose pose_a = Pose::fromTranslationRotationVector(translation, rotation);

  const contactsim::AabbTree tree_a(a);
  const contactsim::AabbTree tree_b(b);
  checkTreeAgainstBruteForce(tree_a, tree_b, pose_a);

  std::vector<Vec3> placed;
  for (const Vec3& v : a.vertices()) placed.push_back(pose_a.apply(v));
  const TriMesh a_placed(placed, a.triangles());
  const contactsim::AabbTree tree_a_placed(a_placed);
  checkOrderIndependence(tree_a_placed, tree_b);

  checkPatches(contactsim::findContact(tree_a, pose_a, tree_b, Pose::identity()), a, b);
  checkPatches(contactsim::findContact(tree_b, Pose::identity(), tree_a, pose_a), b, a);
  return 0;
}
