// The scene editor window (Scene ▸ Joints…, Cables…, Contact laws…): the joint, cable and
// per-pair contact-law forms as tabs. Non-modal, so the run stays visible while editing; every
// change goes through the window's commit, which rebuilds the run.
#pragma once

#include <QDialog>

#include "scene_document.h"

class QTabWidget;

namespace contactsim::gui {

class CableForm;
class JointForm;
class PairLawForm;

class SceneEditDialog : public QDialog {
  Q_OBJECT

 public:
  enum class Page { Joints, Cables, ContactLaws };

  SceneEditDialog(SceneDocument& document, SceneCommit commit, QWidget* parent = nullptr);

  // Shows the window on `page`, with the document as it is now.
  void showPage(Page page);
  // Re-reads the document (a scene opened or rebuilt); typed values stay while nothing changed.
  void refresh();

  JointForm& joints() const { return *joints_; }
  CableForm& cables() const { return *cables_; }
  PairLawForm& pairLaws() const { return *pair_laws_; }

 private:
  QTabWidget* tabs_;
  JointForm* joints_;
  CableForm* cables_;
  PairLawForm* pair_laws_;
};

}  // namespace contactsim::gui
