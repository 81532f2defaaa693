// The contact pairs of a scene and their laws (docs/scene-format.md, `contact`).
#pragma once

#include <vector>

#include "scene/scene.h"
#include "sim/contact_force_source.h"

namespace contactsim {

// The law for bodies a and b from the file's law and the bodies' materials and meshes; throws
// SceneError naming the scene, the pair and the missing or inconsistent data.
ContactLaw contactLawFromScene(const Scene& scene, const SceneContactLaw& law, const SceneBody& a,
                               const SceneBody& b);

// Modia3D's default contact-sphere radius of a mesh (Modia3D.jl docs, "Contact Force Law":
// FileMesh, shortestEdge/2): half the shortest side of its bounding box.
double defaultContactSphereRadius(const TriMesh& mesh);

// One pair per `contact.pairs` entry (or, for "all", per pair of bodies with meshes that are
// not both fixed and not joined by a joint), A before B in scene order, with the trees built
// once per mesh. Body i of the scene must be body i of the system.
std::vector<ContactPairDefinition> contactPairsFromScene(const Scene& scene);

// The contact-geometry model of the pair of scene bodies a and b: `contact.geometry`, or the
// pair's override's `geometry` (issue 16).
ContactGeometry contactGeometryOf(const Scene& scene, int body_a, int body_b);

}  // namespace contactsim
