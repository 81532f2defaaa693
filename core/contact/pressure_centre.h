// Where a contact region's force acts: the centre of pressure of an elastic foundation (Winkler)
// whose pressure is proportional to the local depth beyond the contact plane.
#pragma once

#include <span>

#include "contact/patch_geometry.h"
#include "contact/posed_mesh.h"

namespace contactsim {

// ∫ d dA and ∫ d·x dA over one body's penetrated surface, d = max(0, depth beyond the plane along
// `direction`) interpolated linearly on each triangle (exactly integrated after clipping at d = 0).
struct PressureMoments {
  double weight = 0.0;               // m³
  Vec3 first_moment = Vec3::Zero();  // m⁴

  PressureMoments& operator+=(const PressureMoments& o) {
    weight += o.weight;
    first_moment += o.first_moment;
    return *this;
  }
};

// Over the triangles around `inside_vertices` (the penetrated piece of the surface: the
// vertices v with component_of_vertex[v] == component), each triangle once.
PressureMoments pressureMoments(const PosedMesh& mesh,
                                std::span<const std::int32_t> inside_vertices,
                                std::span<const std::int32_t> component_of_vertex,
                                std::int32_t component, const ContactPlane& plane,
                                const Vec3& direction);

// The centre of pressure projected into the plane. The contour centroid enters with the weight
// area·δ/10, so that the point moves continuously from it as the first vertices go beyond the
// plane (a jump would stall Newton) while a flat face's pressure still dominates: a box tilting
// on its face meets a restoring moment that a force at the contour centroid never gives.
Vec3 pressureCentre(const PressureMoments& moments, const ContactPlane& plane,
                    const Vec3& contour_centroid, double area, double indentation);

}  // namespace contactsim
