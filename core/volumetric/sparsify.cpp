#include "volumetric/sparsify.h"

#include <algorithm>

namespace contactsim::volumetric {

SparsifyOptions SparsifyOptions::forModelSize(double length) {
  SparsifyOptions options;
  options.min_area = 1e-6 * length * length;
  options.min_distance = 1e-2 * length;
  return options;
}

std::vector<VolumetricContactPoint> sparsify(std::vector<VolumetricContactPoint> points,
                                             const SparsifyOptions& options) {
  std::erase_if(points, [&](const VolumetricContactPoint& c) { return c.area < options.min_area; });
  // Largest first, so a small point near a large one is absorbed by it and not the other way.
  std::stable_sort(points.begin(), points.end(),
                   [](const VolumetricContactPoint& l, const VolumetricContactPoint& r) {
                     return l.area > r.area;
                   });
  std::vector<VolumetricContactPoint> kept;
  for (const VolumetricContactPoint& c : points) {
    VolumetricContactPoint* target = nullptr;
    for (VolumetricContactPoint& k : kept) {
      if ((k.point - c.point).norm() < options.min_distance &&
          k.normal.dot(c.normal) >= options.min_normal_cosine) {
        target = &k;
        break;
      }
    }
    if (target == nullptr) {
      kept.push_back(c);
      continue;
    }
    const double total = target->area + c.area;
    if (total > 0.0) {
      target->point = (target->area * target->point + c.area * c.point) / total;
      const Vec3 n = target->area * target->normal + c.area * c.normal;
      if (n.norm() > 0.0) target->normal = n.normalized();
    }
    target->area = total;
    target->volume += c.volume;
    target->gap = std::min(target->gap, c.gap);
    target->intersection_surface.insert(target->intersection_surface.end(),
                                        c.intersection_surface.begin(),
                                        c.intersection_surface.end());
  }
  return kept;
}

}  // namespace contactsim::volumetric
