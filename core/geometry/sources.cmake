target_sources(contactsim_core PRIVATE
  geometry/mass_properties.cpp
  geometry/mesh_builder.cpp
  geometry/nearest_in_cells.cpp
  geometry/point_welder.cpp
  geometry/pose.cpp
  geometry/primitives.cpp
  geometry/shell_mass_properties.cpp
  geometry/state_archive.cpp
  geometry/surface_clusters.cpp
  geometry/thread_mesh.cpp
  geometry/tri_mesh.cpp
  geometry/units.cpp
  geometry/weld.cpp
)
