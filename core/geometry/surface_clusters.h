// A mesh's surface cut into small edge-connected clusters of triangles, each with its area
// moments, box and border. Patch extraction uses them to take a cluster that the intersection
// curve does not touch as a whole: its triangles are all inside the other body or all outside,
// and its pressure integral is a closed form in its moments, so a deep contact costs what its
// contour costs rather than what its penetrated area costs.
#pragma once

#include <span>
#include <vector>

#include "geometry/types.h"

namespace contactsim {

class TriMesh;

// ∫dA, the area centroid c and the central second moment ∫(y−c)(y−c)ᵀ dA of a set of triangles.
struct AreaMoments {
  double area = 0.0;
  Vec3 centroid = Vec3::Zero();
  Mat3 central_second = Mat3::Zero();
};

class SurfaceClusters {
 public:
  // Where a cluster meets another: the other cluster and one vertex the two share.
  struct Border {
    std::int32_t cluster;
    std::int32_t vertex;
  };

  // Roughly this many triangles per cluster: small enough that the clusters the curve cuts add
  // little to the contour's own cost, large enough that a penetrated cap has few clusters. On the
  // contact benchmark, sizes 16 to 96 stay within about 10 % of each other.
  static constexpr int kDefaultTargetSize = 32;

  SurfaceClusters() = default;
  // Grows each cluster breadth-first over manifold edges from the lowest unassigned triangle,
  // so clusters are compact and edge-connected; `target_size` ≥ 1.
  explicit SurfaceClusters(const TriMesh& mesh, int target_size = kDefaultTargetSize);

  std::size_t count() const { return moments_.size(); }
  std::int32_t clusterOf(std::int32_t triangle) const { return cluster_of_triangle_[triangle]; }
  std::span<const std::int32_t> triangles(std::int32_t cluster) const {
    return slice(triangles_, triangle_offsets_, cluster);
  }
  // Each vertex of the cluster's triangles once.
  std::span<const std::int32_t> vertices(std::int32_t cluster) const {
    return slice(vertices_, vertex_offsets_, cluster);
  }
  // One entry per (other cluster, shared vertex).
  std::span<const Border> borders(std::int32_t cluster) const {
    return slice(borders_, border_offsets_, cluster);
  }
  const AreaMoments& moments(std::int32_t cluster) const { return moments_[cluster]; }
  const Box3& box(std::int32_t cluster) const { return boxes_[cluster]; }

 private:
  template <class T>
  static std::span<const T> slice(const std::vector<T>& items,
                                  const std::vector<std::int32_t>& offsets, std::int32_t k) {
    return {items.data() + offsets[k], items.data() + offsets[k + 1]};
  }

  void buildVerticesAndBorders(const TriMesh& mesh);
  void buildMomentsAndBoxes(const TriMesh& mesh);

  std::vector<std::int32_t> cluster_of_triangle_;
  std::vector<std::int32_t> triangle_offsets_, triangles_;
  std::vector<std::int32_t> vertex_offsets_, vertices_;
  std::vector<std::int32_t> border_offsets_;
  std::vector<Border> borders_;
  std::vector<AreaMoments> moments_;
  std::vector<Box3> boxes_;
};

// Moments of one triangle: area A, centroid g = (a+b+c)/3 and, from ∫yyᵀ dA = A/12·(Σ yᵢyᵢᵀ +
// (Σyᵢ)(Σyᵢ)ᵀ), the central part ∫(y−g)(y−g)ᵀ dA = A/12·Σ (yᵢ−g)(yᵢ−g)ᵀ.
AreaMoments triangleMoments(const Vec3& a, const Vec3& b, const Vec3& c);

// The moments of the union of two disjoint sets (parallel-axis theorem).
AreaMoments combined(const AreaMoments& x, const AreaMoments& y);

}  // namespace contactsim
