import { CategoryScreen } from '../customers/category-screen';
import { CustomerDetailScreen } from '../customers/customer-detail-screen';
import { CustomerScreen } from '../customers/customer-screen';
import { DeliveryPersonScreen } from '../catalogue/delivery-person-screen';
import { DeliveryRouteScreen } from '../catalogue/delivery-route-screen';
import { StoreProductScreen } from '../catalogue/store-product-screen';
import { DispatchOrderScreen } from './dispatch-order-screen';
import { PublicOrderPage } from './public-order-page';

/** The screens of the customers, catalogue and orders modules, for the route table. */
export const SalesScreens = {
  Category: CategoryScreen,
  Customer: CustomerScreen,
  CustomerDetail: CustomerDetailScreen,
  StoreProduct: StoreProductScreen,
  deliveryPerson: DeliveryPersonScreen,
  deliveryRoute: DeliveryRouteScreen,
  DispatchOrder: DispatchOrderScreen,
  addOrder: PublicOrderPage,
};
