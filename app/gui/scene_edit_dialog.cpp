#include "scene_edit_dialog.h"

#include <QDialogButtonBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "cable_form.h"
#include "joint_form.h"
#include "pair_law_form.h"

namespace contactsim::gui {

SceneEditDialog::SceneEditDialog(SceneDocument& document, SceneCommit commit, QWidget* parent)
    : QDialog(parent),
      tabs_(new QTabWidget(this)),
      joints_(new JointForm(document, commit, this)),
      cables_(new CableForm(document, commit, this)),
      pair_laws_(new PairLawForm(document, commit, this)) {
  setObjectName("scene_edit_dialog");
  setWindowTitle("Scene – joints, cables and contact laws");
  tabs_->addTab(joints_, "Joints");
  tabs_->addTab(cables_, "Cables");
  tabs_->addTab(pair_laws_, "Contact laws per pair");
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(close, &QDialogButtonBox::rejected, this, &QDialog::hide);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(tabs_);
  layout->addWidget(close);
  resize(460, 640);
}

void SceneEditDialog::refresh() {
  joints_->refresh();
  cables_->refresh();
  pair_laws_->refresh();
}

void SceneEditDialog::showPage(Page page) {
  refresh();
  tabs_->setCurrentIndex(static_cast<int>(page));
  show();
  raise();
  activateWindow();
}

}  // namespace contactsim::gui
