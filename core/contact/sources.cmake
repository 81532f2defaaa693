target_sources(contactsim_core PRIVATE
  contact/contact_regions.cpp
  contact/containment.cpp
  contact/friction.cpp
  contact/local_overlap.cpp
  contact/normal_force.cpp
  contact/overlap_volume.cpp
  contact/contact_tracker.cpp
  contact/contour_builder.cpp
  contact/patch_geometry.cpp
  contact/penetration.cpp
  contact/piece_patches.cpp
  contact/patch_pressure.cpp
  contact/pressure_centre.cpp
  contact/curved_piece.cpp
  contact/region_split.cpp
  contact/rim_side.cpp
)
